import DoodleCore
import Foundation

/// Keeps what a recipient received while drawings were waiting for it, so that once a drawing's
/// word is revealed (guessed or given up) it can check that no earlier frame carried it.
///
/// Every string value of every frame counts (roomState included), compared normalised as
/// guesses are, except what is legitimately the bot's own or its partner's text and cannot be
/// a leak: `name` values, a canvas item's `tool`, `kind` and `color`, the bot's own `draft` and `sent` in a `roomState`, the word
/// suggestions made to it, its own wrong guesses, its partner's at the bot's own drawings, and
/// reveals (`drawingGuessed`, `drawingRevealed`: each tells a word the bot may know by then).
public struct PairLeakWatch: Sendable, Equatable {
    private struct Entry: Sendable, Equatable {
        var index: Int
        var type: String
        var values: Set<String>
    }

    private var entries: [Entry] = []
    private var nextIndex = 0
    /// Waiting drawing → index of the first frame it must be checked against.
    private var watched: [String: Int] = [:]

    public init() {}

    public var watchedDrawings: Set<String> { Set(watched.keys) }

    /// Records a received frame. `me` is the bot's player id and `received` the drawings ever
    /// delivered to it, to tell whose text a `chat` is.
    public mutating func record(_ text: String, me: String?, received: Set<String>) {
        defer { nextIndex += 1 }
        guard !watched.isEmpty else { return }
        guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else {
            entries.append(Entry(index: nextIndex, type: "?", values: [GuessNormalizer.normalize(text)]))
            return
        }
        let type = object["type"] as? String ?? "?"
        var scanned = object
        switch type {
        case "roomState":
            scanned["draft"] = nil
            scanned["sent"] = nil
        case "wordSuggestions":
            return
        case "chat":
            // The bot's own wrong guesses are its typing (a guess at one drawing may well be the
            // word of another), and its partner's are about the bot's own drawings.
            if object["playerId"] as? String == me { return }
            if let drawingId = object["drawingId"] as? String, !received.contains(drawingId) { return }
        case "drawingGuessed", "drawingRevealed":
            // A reveal is where a word may be seen: of the bot's own drawing, or of one it has
            // just resolved (whose word another waiting drawing may share).
            return
        default:
            break
        }
        var values: Set<String> = []
        Self.collect(scanned, key: nil, into: &values)
        entries.append(Entry(index: nextIndex, type: type, values: values))
    }

    /// From the next frame on, `drawingId` waits for the bot. Call before recording the frame that
    /// delivered it, so that frame is checked too.
    public mutating func watch(_ drawingId: String) {
        if watched[drawingId] == nil { watched[drawingId] = nextIndex }
    }

    /// `drawingId` was guessed or given up, revealing `word`. Returns the type of the first frame that carried `word` while `drawingId` waited, if any,
    /// and stops watching it.
    public mutating func resolve(_ drawingId: String, word: String) -> String? {
        guard let start = watched.removeValue(forKey: drawingId) else { return nil }
        let target = GuessNormalizer.normalize(word)
        defer { trim() }
        guard !target.isEmpty else { return nil }
        return entries.first { $0.index >= start && $0.values.contains(target) }?.type
    }

    /// Stops watching without a check (the pair ended and the word stays hidden).
    public mutating func forget(_ drawingId: String) {
        watched[drawingId] = nil
        trim()
    }

    private mutating func trim() {
        guard let oldest = watched.values.min() else {
            entries.removeAll()
            return
        }
        entries.removeAll { $0.index < oldest }
    }

    /// Strings that are never a word's carrier: names, and a canvas item's fixed vocabulary — its
    /// `tool` ("pen", "eraser"), `kind` ("stroke", "fill") and `color` — which a word of the pack
    /// can equal ("pen" and "eraser" are words), so a drawing of the word "pen" is no leak.
    private static let unscannedKeys: Set<String> = ["name", "tool", "kind", "color"]

    private static func collect(_ value: Any, key: String?, into values: inout Set<String>) {
        switch value {
        case let string as String:
            if !unscannedKeys.contains(key ?? "") { values.insert(GuessNormalizer.normalize(string)) }
        case let array as [Any]:
            for element in array { collect(element, key: key, into: &values) }
        case let object as [String: Any]:
            for (key, element) in object { collect(element, key: key, into: &values) }
        default:
            break
        }
    }
}
