import DoodleCore
import Foundation

/// The words a bot knows, as a person knows vocabulary: what it can guess and what it can say
/// when it has no idea.
///
/// A bot never learns a turn's word from another bot: it can only guess right by matching the
/// hint against these lists.
public struct BotVocabulary: Sendable, Equatable {
    /// Words the bot was told to expect (`--dictionary`, for example a room's custom words); tried
    /// first because they are the likeliest.
    public var dictionary: [String]
    /// A whole word pack: the source of further candidates and of plausible wrong guesses.
    public var pack: [String]

    public init(dictionary: [String] = [], pack: [String]) {
        self.dictionary = dictionary
        self.pack = pack.isEmpty ? Self.builtIn : pack
    }

    /// Candidates that fit `hint`: the dictionary's when any fit, else the pack's.
    public func candidates(matching hint: HintPattern) -> [String] {
        let fromDictionary = dictionary.filter(hint.matches)
        return fromDictionary.isEmpty ? pack.filter(hint.matches) : fromDictionary
    }

    /// Loads the pack `packName` from a GameRules folder, falling back to a small built-in list
    /// when the folder or the pack is missing, plus the words of `dictionaryFile` (one per line)
    /// when given.
    ///
    /// - Throws: ``BotOptionsError`` when `dictionaryFile` cannot be read, or when the rules load
    ///   but have no pack `packName` (a mistyped `--word-pack` should not quietly mean English).
    public static func load(rulesFolder: String, packName: String = "en", dictionaryFile: String?) throws -> BotVocabulary {
        let rules = try? RulesLoader.load(folder: rulesFolder)
        if let rules, rules.packs[packName] == nil {
            throw BotOptionsError("no word pack '\(packName)' in \(rulesFolder) (it has \(rules.packs.keys.sorted().joined(separator: ", ")))")
        }
        let pack = rules?.packs[packName]?.words ?? builtIn
        var dictionary: [String] = []
        if let dictionaryFile {
            guard let data = FileManager.default.contents(atPath: dictionaryFile) else {
                throw BotOptionsError("cannot read the dictionary file \(dictionaryFile)")
            }
            dictionary = parseWordList(String(decoding: data, as: UTF8.self))
        }
        return BotVocabulary(dictionary: dictionary, pack: pack)
    }

    /// One word per line (or comma-separated); blank lines and `#` comments skipped.
    public static func parseWordList(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "," })
            .map { String($0).trimmingWhitespace() }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// Used when no word pack can be loaded.
    public static let builtIn = [
        "apple", "banana", "boat", "car", "cat", "cloud", "dog", "fish", "flower", "guitar", "hat", "heart",
        "house", "kite", "ladder", "moon", "mountain", "pizza", "rainbow", "snowman", "star", "sun", "tree", "umbrella",
    ]
}
