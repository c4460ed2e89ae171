import DoodleCore
import Foundation

/// Keeps the raw frames a guesser receives during a turn until it guesses, so that once the
/// word is revealed at the turn's end it can check none of them carried it.
///
/// The check is done afterwards because a guesser cannot recognise the word before it knows it.
/// A frame leaks the word when one of its string values is the word (compared normalised, as
/// guesses are). Values under `"name"` are skipped: people choose their names, and one called
/// like the word is no leak. Anything else equal to the word is: chat equal to the word would
/// have been a correct guess and never broadcast.
public struct WordLeakDetector: Sendable, Equatable {
    public private(set) var frames: [String] = []
    public private(set) var isCollecting = false

    public init() {}

    /// A turn starts for a guesser that has not guessed.
    public mutating func begin() {
        frames = []
        isCollecting = true
    }

    public mutating func record(_ text: String) {
        if isCollecting { frames.append(text) }
    }

    /// The bot guessed right: from here on it may see the word.
    public mutating func stop() {
        isCollecting = false
        frames = []
    }

    /// Ends the turn and returns the first collected frame that carried `word`, if any.
    public mutating func finish(word: String) -> String? {
        defer { stop() }
        return frames.first { Self.frame($0, leaks: word) }
    }

    public static func frame(_ text: String, leaks word: String) -> Bool {
        let target = GuessNormalizer.normalize(word)
        guard !target.isEmpty else { return false }
        guard let json = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) else {
            return GuessNormalizer.normalize(text).contains(target)
        }
        return containsWord(json, key: nil, target: target)
    }

    private static func containsWord(_ value: Any, key: String?, target: String) -> Bool {
        switch value {
        case let string as String:
            return key != "name" && GuessNormalizer.normalize(string) == target
        case let array as [Any]:
            return array.contains { containsWord($0, key: key, target: target) }
        case let object as [String: Any]:
            return object.contains { containsWord($0.value, key: $0.key, target: target) }
        default:
            return false
        }
    }
}
