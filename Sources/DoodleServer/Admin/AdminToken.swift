import Crypto
import Foundation

/// The operators' secret (`--admin-token`): what `Authorization: Bearer …` must carry on the
/// admin routes. Only its SHA-256 digest is kept, and it never shows in a description, a debug
/// description or a mirror, so logging the configuration cannot leak it.
public struct AdminToken: Sendable {
    /// Fewer characters are refused at start-up: 32 random characters are far beyond guessing at
    /// the lockout's pace of 10 tries a minute per address.
    public static let minimumLength = 32

    private let digest: SHA256.Digest

    /// Nil unless `text` has at least `minimumLength` characters, all printable ASCII without
    /// spaces: anything else would not survive an HTTP header unchanged.
    public init?(_ text: String) {
        guard Self.isAcceptable(text) else { return nil }
        digest = SHA256.hash(data: Data(text.utf8))
    }

    /// What a usable token looks like, for start-up's error message.
    public static let requirement = "at least \(minimumLength) printable ASCII characters without spaces"

    static func isAcceptable(_ text: String) -> Bool {
        text.utf8.count >= minimumLength && text.utf8.allSatisfy { (0x21...0x7e).contains($0) }
    }

    /// Whether `presented` is the token, in time that does not depend on where or whether the
    /// two differ: both are hashed, so the comparison always runs over 32 bytes whatever the
    /// lengths, and every byte is looked at.
    func matches(_ presented: String) -> Bool {
        Self.constantTimeEqual(digest, SHA256.hash(data: Data(presented.utf8)))
    }

    /// True when the two byte sequences are equal, looking at every byte of the longer one
    /// without stopping early. Unequal lengths are unequal, still after the whole walk.
    static func constantTimeEqual(_ a: some Sequence<UInt8>, _ b: some Sequence<UInt8>) -> Bool {
        let left = Array(a)
        let right = Array(b)
        var difference: UInt8 = left.count == right.count ? 0 : 1
        for index in 0..<max(left.count, right.count) {
            let x = index < left.count ? left[index] : 0
            let y = index < right.count ? right[index] : 0
            difference |= x ^ y
        }
        return difference == 0
    }
}

extension AdminToken: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "AdminToken(redacted)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
