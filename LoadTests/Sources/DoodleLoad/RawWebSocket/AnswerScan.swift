import Foundation

/// Fields of the server's messages read from their text without decoding the rest: the soak
/// counts thousands of answers, and needs only a field or two of each.
enum AnswerScan {
    /// The `code` of an `error` message.
    static func code(in text: String) -> String? {
        guard text.contains("\"type\":\"error\"") else { return nil }
        return stringField("code", in: text)
    }

    /// The first string value of `name` anywhere in `text` (playerId of a welcome, code of a roomState).
    static func stringField(_ name: String, in text: String) -> String? {
        guard let key = text.range(of: "\"\(name)\":\"") else { return nil }
        let rest = text[key.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }
}
