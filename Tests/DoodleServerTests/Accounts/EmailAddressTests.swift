import Testing

@testable import DoodleServer

/// Email addresses as accounts keep them: trimmed, lower-cased, checked for the mistakes a
/// person makes typing one.
@Suite("Email address")
struct EmailAddressTests {
    @Test("trimmed and lower-cased; parts split at the @")
    func normalised() throws {
        let address = try EmailAddress("  Ada.Lovelace@Example.ORG \n")
        #expect(address.normalized == "ada.lovelace@example.org")
        #expect(address.localPart == "ada.lovelace")
        #expect(address.domain == "example.org")
        #expect(address == (try EmailAddress("ada.lovelace@example.org")))
        #expect(try EmailAddress("a@b.c").normalized == "a@b.c")
        #expect(try EmailAddress("jörg+doodle@bücher.de").normalized == "jörg+doodle@bücher.de")
    }

    @Test("254 bytes is the longest; 255 is too long, counted in UTF-8 bytes")
    func lengthEdge() throws {
        let domain = "@" + String(repeating: "d", count: 59) + ".org"  // 64 bytes
        let longest = String(repeating: "a", count: 190) + domain
        #expect(longest.utf8.count == 254)
        #expect(try EmailAddress(longest).normalized == longest)
        #expect(throws: EmailAddressError.tooLong) { try EmailAddress("a" + longest) }
        // 127 two-byte characters are 254 bytes; one more is too long.
        let wide = String(repeating: "ü", count: 127 - 32) + "@" + String(repeating: "d", count: 58) + ".org"
        #expect(wide.utf8.count == 253)
        #expect(throws: EmailAddressError.tooLong) { try EmailAddress("üü" + wide) }
        // Whitespace around does not count.
        #expect(try EmailAddress("   " + longest + "   ").normalized == longest)
    }

    @Test("each mistake is named")
    func refusals() {
        let cases: [(String, EmailAddressError)] = [
            ("", .empty), ("   ", .empty),
            ("ada.example.org", .notOneAt), ("ada@@example.org", .notOneAt), ("a@b@example.org", .notOneAt),
            ("@example.org", .emptyLocalPart),
            ("ada@example", .domainNotDotted), ("ada@", .domainNotDotted), ("ada@.org", .domainNotDotted),
            ("ada@example.", .domainNotDotted), ("ada@example..org", .domainNotDotted),
            ("ada lovelace@example.org", .spaceOrControlCharacter), ("ada@exa\tmple.org", .spaceOrControlCharacter),
            ("ada\u{0}@example.org", .spaceOrControlCharacter), ("ada\u{7F}@example.org", .spaceOrControlCharacter),
            ("ada\u{202E}gro@example.org", .spaceOrControlCharacter), ("ada\u{200B}@example.org", .spaceOrControlCharacter),
            ("ada@example.org\u{A0}x", .spaceOrControlCharacter),
        ]
        for (typed, error) in cases {
            #expect(throws: error, "\(typed.debugDescription)") { try EmailAddress(typed) }
            #expect(!error.message.isEmpty)
        }
    }
}
