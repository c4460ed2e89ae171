/// Player names: trimmed, 1–24 grapheme clusters, no control (Cc) or format (Cf) characters.
public enum NameValidator {
    public static func validate(_ raw: String, maxLength: Int) -> Result<String, ProtocolError> {
        let name = raw.trimmingWhitespace()
        if name.isEmpty {
            return .failure(ProtocolError(.invalidName, "name must not be empty"))
        }
        if name.count > maxLength {
            return .failure(ProtocolError(.invalidName, "name must be at most \(maxLength) characters"))
        }
        let forbidden = name.unicodeScalars.contains { scalar in
            let category = scalar.properties.generalCategory
            return category == .control || category == .format
        }
        if forbidden {
            return .failure(ProtocolError(.invalidName, "name must not contain control or format characters"))
        }
        return .success(name)
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
