import Foundation

/// The checks on what a pair client sends as text of its own: the secret word and its ids.
public enum PairWord {
    /// The word after NFC and trimming, or why it is refused: empty, longer than `maxLength`
    /// code points, without a letter, or with a control character.
    public static func validate(_ raw: String, maxLength: Int) -> Result<String, ProtocolError> {
        let word = raw.precomposedStringWithCanonicalMapping.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !word.isEmpty else { return .failure(ProtocolError(.badMessage, "the word is empty")) }
        guard word.unicodeScalars.count <= maxLength else {
            return .failure(ProtocolError(.badMessage, "the word is longer than \(maxLength) characters"))
        }
        guard word.unicodeScalars.contains(where: { $0.properties.isAlphabetic }) else {
            return .failure(ProtocolError(.badMessage, "the word has no letter"))
        }
        guard !word.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            return .failure(ProtocolError(.badMessage, "the word has a control character"))
        }
        return .success(word)
    }

    /// Whether `id` is a client drawing id: 8–64 characters of `[A-Za-z0-9_-]`.
    public static func isClientDrawingId(_ id: String) -> Bool {
        (8...64).contains(id.utf8.count)
            && id.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                    UInt8(ascii: "_"), UInt8(ascii: "-"):
                    true
                default: false
                }
            }
    }
}
