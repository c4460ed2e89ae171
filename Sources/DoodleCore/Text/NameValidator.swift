/// Player names: trimmed, 1–24 grapheme clusters, no control (Cc) or format (Cf) characters
/// but those that hold an emoji sequence together (PROTOCOL.md rev 5, "Names"), and no blocked
/// word (`Blocklist`).
public enum NameValidator {
    public static func validate(_ raw: String, maxLength: Int, blocklist: Blocklist) -> Result<String, NameRefusal> {
        let name = raw.trimmingWhitespace()
        if name.isEmpty {
            return .failure(NameRefusal(.empty, "name must not be empty"))
        }
        if name.count > maxLength {
            return .failure(NameRefusal(.tooLong, "name must be at most \(maxLength) characters"))
        }
        if containsForbiddenScalar(name) {
            return .failure(NameRefusal(.forbiddenCharacters, "name must not contain control or format characters"))
        }
        if blocklist.containsBlockedWord(name) {
            return .failure(NameRefusal(.blockedWord, "that name is not allowed; choose another"))
        }
        return .success(name)
    }

    /// A control character anywhere, or a format character other than a zero-width joiner
    /// between two emoji (👩‍👧), which builds one emoji where any other format character (a bidi
    /// mark, a zero-width space) hides or turns text, as a name must not. Variation selectors
    /// (❤️) are marks (Mn), not format characters: they were never refused.
    static func containsForbiddenScalar(_ name: String) -> Bool {
        let scalars = Array(name.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch scalar.properties.generalCategory {
            case .control:
                return true
            case .format:
                let before = index > 0 ? scalars[index - 1] : nil
                let after = index + 1 < scalars.count ? scalars[index + 1] : nil
                // After an emoji's own modifier or presentation selector too (👨🏽‍💻, 🏳️‍🌈).
                guard scalar.value == 0x200D, let before, let after, isPictographic(before) || isVariationSelector(before), isPictographic(after)
                else { return true }
            default:
                continue
            }
        }
        return false
    }

    /// An emoji proper: not a digit, `#` or `*`, which Unicode also counts as emoji (for keycaps).
    private static func isPictographic(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isEmoji && !scalar.isASCII
    }

    private static func isVariationSelector(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0xFE0E || scalar.value == 0xFE0F
    }
}

/// Why a name was refused: always `invalid_name` on the wire, while `reason` lets the server
/// count the names refused for a blocked word apart from malformed ones.
public struct NameRefusal: Error, Sendable, Equatable {
    public enum Reason: Sendable, Equatable {
        case empty
        case tooLong
        case forbiddenCharacters
        case blockedWord

        /// `error invalid_name`'s `reason`: `length`, `characters` or `blocked`.
        public var wireName: String {
            switch self {
            case .empty, .tooLong: "length"
            case .forbiddenCharacters: "characters"
            case .blockedWord: "blocked"
            }
        }
    }

    public var reason: Reason
    /// The `invalid_name` error to send, its `reason` the contract's word for `reason`.
    public var error: ProtocolError

    init(_ reason: Reason, _ message: String) {
        self.reason = reason
        self.error = ProtocolError(.invalidName, message, reason: reason.wireName)
    }
}

extension String {
    /// Trims Unicode white space (and newlines) from both ends, without Foundation.
    public func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) ?? first
        return String(scalars[first...last])
    }
}
