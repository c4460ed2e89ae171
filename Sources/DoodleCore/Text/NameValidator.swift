/// Player names: trimmed, 1–24 grapheme clusters, no control (Cc) or format (Cf) characters,
/// and no blocked word (`Blocklist`).
public enum NameValidator {
    public static func validate(_ raw: String, maxLength: Int, blocklist: Blocklist) -> Result<String, NameRefusal> {
        let name = raw.trimmingWhitespace()
        if name.isEmpty {
            return .failure(NameRefusal(.empty, "name must not be empty"))
        }
        if name.count > maxLength {
            return .failure(NameRefusal(.tooLong, "name must be at most \(maxLength) characters"))
        }
        let forbidden = name.unicodeScalars.contains { scalar in
            let category = scalar.properties.generalCategory
            return category == .control || category == .format
        }
        if forbidden {
            return .failure(NameRefusal(.forbiddenCharacters, "name must not contain control or format characters"))
        }
        if blocklist.containsBlockedWord(name) {
            return .failure(NameRefusal(.blockedWord, "that name is not allowed; choose another"))
        }
        return .success(name)
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
    }

    public var reason: Reason
    /// The `invalid_name` error to send.
    public var error: ProtocolError

    init(_ reason: Reason, _ message: String) {
        self.reason = reason
        self.error = ProtocolError(.invalidName, message)
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
