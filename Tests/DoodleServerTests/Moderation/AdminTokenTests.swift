import DoodleCore
import Foundation
import Testing

@testable import DoodleServer

/// The admin token: what start-up accepts, the constant-time comparison, and that it never
/// shows in a description; and the lockout after wrong tokens.
@Suite("Admin token and lockout")
struct AdminTokenTests {
    static let text = "0123456789abcdefghijklmnopqrstuv"

    @Test("the constant-time comparison tells equal bytes from every kind of difference")
    func constantTimeEqual() {
        let bytes = Array("abcdef".utf8)
        #expect(AdminToken.constantTimeEqual(bytes, bytes))
        #expect(AdminToken.constantTimeEqual([UInt8](), [UInt8]()))
        #expect(!AdminToken.constantTimeEqual(bytes, Array("abcdeg".utf8)), "last byte")
        #expect(!AdminToken.constantTimeEqual(bytes, Array("xbcdef".utf8)), "first byte")
        #expect(!AdminToken.constantTimeEqual(bytes, Array("abcde".utf8)), "a prefix")
        #expect(!AdminToken.constantTimeEqual(bytes, Array("abcdef\0".utf8)), "longer by a zero byte")
        #expect(!AdminToken.constantTimeEqual([UInt8](), bytes), "empty against something")
        // Lengths 256 apart would look equal to a comparison that kept only the low byte of a length difference.
        #expect(!AdminToken.constantTimeEqual([UInt8](repeating: 0, count: 256), [UInt8]()))
    }

    @Test("a token matches itself only, whatever is presented")
    func matches() throws {
        let token = try #require(AdminToken(Self.text))
        #expect(token.matches(Self.text))
        #expect(!token.matches(String(Self.text.dropLast())))
        #expect(!token.matches(Self.text + "w"))
        #expect(!token.matches(Self.text.uppercased()))
        #expect(!token.matches(""))
    }

    @Test("start-up takes 32 or more printable ASCII characters without spaces, and nothing else", arguments: [
        ("0123456789abcdefghijklmnopqrstuv", true),
        ("0123456789abcdefghijklmnopqrstu", false),
        ("0123456789abcdefghijklmnopqrstu v", false),
        ("0123456789abcdefghijklmnopqrstuvé", false),
        ("0123456789abcdefghijklmnopqrstu\t", false),
        ("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~0", true),
    ])
    func acceptance(_ text: String, accepted: Bool) {
        #expect((AdminToken(text) != nil) == accepted)
    }

    @Test("neither the token nor the configuration holding it ever describes the secret")
    func neverDescribed() throws {
        let token = try #require(AdminToken(Self.text))
        let configuration = ServerConfiguration(adminToken: token)
        for description in [
            String(describing: token), String(reflecting: token), String(describing: configuration), String(reflecting: configuration),
            "\(Mirror(reflecting: configuration).children.map { "\($0.label ?? ""): \($0.value)" })",
        ] {
            #expect(!description.contains(Self.text), "\(description)")
            #expect(!description.contains("0123456789"), "\(description)")
        }
    }

    @Test("ten wrong tokens within a minute lock the address out until the oldest leaves the minute; other addresses stay open")
    func lockout() {
        let lockout = AdminLockout()
        for at in stride(from: Int64(0), to: 9_000, by: 1_000) {
            lockout.recordFailure("198.51.100.1", now: at)
        }
        #expect(lockout.verdict(for: "198.51.100.1", now: 9_500) == .open, "nine are not ten")
        lockout.recordFailure("198.51.100.1", now: 9_500)
        // The oldest (at 0) leaves the minute at 60,000: 50.5 s from 9,500, rounded up.
        #expect(lockout.verdict(for: "198.51.100.1", now: 9_500) == .locked(retryAfterSeconds: 51))
        #expect(lockout.verdict(for: "198.51.100.2", now: 9_500) == .open)
        #expect(lockout.verdict(for: "198.51.100.1", now: 59_999) == .locked(retryAfterSeconds: 1))
        #expect(lockout.verdict(for: "198.51.100.1", now: 60_000) == .open)
    }
}
