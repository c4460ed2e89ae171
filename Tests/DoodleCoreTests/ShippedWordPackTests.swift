import Foundation
import Testing

@testable import DoodleCore

/// The packs this repository ships in GameRules/words (PROTOCOL.md, "Word packs in several
/// languages") and the blocklists in GameRules/blocklists: each pack playable, each list
/// present and parsed, and no pack word refused by any list.
@Suite struct ShippedWordPackTests {
    /// The languages the protocol promises.
    static let languages = ["en", "de", "fr", "es", "it", "pt", "nl", "pl"]
    static let minimumWords = 300
    static let blocklistFolder = Fixtures.rulesFolder + "/blocklists"

    /// The real GameRules folder, loaded as the server loads it (so every pack already passed
    /// the loader's own checks).
    private func shippedPacks() throws -> [String: WordPack] {
        try RulesLoader.load(folder: Fixtures.rulesFolder).packs
    }

    @Test func allEightLanguagesShip() throws {
        let shipped = Set(try shippedPacks().keys)
        let missing = Self.languages.filter { !shipped.contains($0) }
        #expect(missing.isEmpty, "GameRules/words lacks \(missing.joined(separator: ", "))")
    }

    @Test(arguments: languages)
    func shippedPackIsPlayable(id: String) throws {
        // A missing pack is allEightLanguagesShip's failure; here only what is there is checked.
        guard let pack = try shippedPacks()[id] else { return }
        #expect(pack.words.count >= Self.minimumWords, "\(id) has \(pack.words.count) words")
        var firstSpelling: [String: String] = [:]
        for word in pack.words {
            #expect(word.count <= 30, "\(id): '\(word)' is longer than 30 characters")
            if let earlier = firstSpelling.updateValue(word, forKey: GuessNormalizer.normalize(word)) {
                Issue.record("\(id): '\(word)' and '\(earlier)' are the same word once normalised")
            }
        }
        #expect(pack.displayName != id && !pack.displayName.isEmpty, "\(id) has no '# name:' header")
    }

    @Test(arguments: languages)
    func shippedPackHoldsNoBlockedWord(id: String) throws {
        guard let pack = try shippedPacks()[id] else { return }
        let path = Self.blocklistFolder + "/\(id).txt"
        // A missing list is eachLanguageShipsANonEmptyBlocklistThatParses's failure.
        guard FileManager.default.fileExists(atPath: path) else { return }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let blocked = BlockedTerms(listing: text)
        for word in pack.words {
            if let term = blocked.firstMatch(in: word) {
                Issue.record("\(id): '\(word)' contains the blocked '\(term)' (\(path))")
            }
        }
    }

    /// Every shipped list's terms, by language, each as the loader parses it.
    private func shippedBlocklists() throws -> [String: [String]] {
        var lists: [String: [String]] = [:]
        for id in Self.languages {
            let path = Self.blocklistFolder + "/\(id).txt"
            guard FileManager.default.fileExists(atPath: path) else { continue }
            lists[id] = try BlocklistFile.parse(text: try String(contentsOfFile: path, encoding: .utf8), path: path)
        }
        return lists
    }

    @Test(arguments: languages)
    func eachLanguageShipsANonEmptyBlocklistThatParses(id: String) throws {
        let path = Self.blocklistFolder + "/\(id).txt"
        #expect(FileManager.default.fileExists(atPath: path), "GameRules/blocklists lacks \(id).txt")
        guard FileManager.default.fileExists(atPath: path) else { return }
        let terms = try BlocklistFile.parse(text: try String(contentsOfFile: path, encoding: .utf8), path: path)
        #expect(!terms.isEmpty, "\(id).txt blocks nothing")
        #expect(terms.count <= 80, "\(id).txt has \(terms.count) terms: a short reviewed list, not a dump")
    }

    /// Names, custom words and chat are checked against the union of all lists, so a word of
    /// any pack must pass every list, not only its own language's.
    @Test func noPackWordContainsATermOfAnyList() throws {
        let packs = try shippedPacks()
        let lists = try shippedBlocklists()
        let union = BlockedTerms(listing: lists.values.flatMap { $0 }.joined(separator: "\n"))
        let loaded = try RulesLoader.load(folder: Fixtures.rulesFolder).blocklist
        for (id, pack) in packs.sorted(by: { $0.key < $1.key }) {
            for word in pack.words {
                if let term = union.firstMatch(in: word) {
                    Issue.record("\(id): '\(word)' contains the blocked '\(term)'")
                }
                #expect(!loaded.containsBlockedWord(word), "\(id): '\(word)' is blocked")
            }
        }
    }

    @Test func blockedTermsMatchWholeWordsOnly() {
        let blocked = BlockedTerms(listing: "# comment\nass\n\nHot  Dog\nöl\n")
        #expect(blocked.firstMatch(in: "ass") == "ass")
        #expect(blocked.firstMatch(in: "kick-ASS") == "ass", "case and separators do not hide it")
        #expect(blocked.firstMatch(in: "glass") == nil, "inside a longer word is not a match")
        #expect(blocked.firstMatch(in: "assassin") == nil)
        #expect(blocked.firstMatch(in: "hot dog stand") == "Hot  Dog", "a phrase matches as a run of whole words")
        #expect(blocked.firstMatch(in: "hotdog") == "Hot  Dog", "the same word once normalised")
        #expect(blocked.firstMatch(in: "hot water dog") == nil)
        #expect(blocked.firstMatch(in: "Öl-Kanne") == "öl", "accents and case are normalised on both sides")
        #expect(blocked.firstMatch(in: "ol") == "öl")
        #expect(blocked.firstMatch(in: "kohl") == nil)
    }
}

/// A blocklist as GameRules/blocklists/<pack>.txt is expected to hold it: one term (a word or
/// a phrase) per line, blank lines and `#` comments skipped. A pack word matches a term when
/// the term's words appear in it as a run of whole words, both sides normalised as guesses are,
/// or when the two are equal once normalised (`hotdog` against `hot dog`).
struct BlockedTerms {
    private let terms: [(original: String, words: [String], joined: String)]

    init(listing: String) {
        terms = listing.split(whereSeparator: \.isNewline).compactMap { line in
            let term = String(line).trimmingWhitespace()
            if term.isEmpty || term.hasPrefix("#") { return nil }
            let words = Self.words(of: term)
            return words.isEmpty ? nil : (term, words, words.joined())
        }
    }

    /// The first term found in `text`, as the list spells it.
    func firstMatch(in text: String) -> String? {
        let words = Self.words(of: text)
        let joined = words.joined()
        for term in terms {
            if term.joined == joined { return term.original }
            guard term.words.count <= words.count else { continue }
            for start in 0...(words.count - term.words.count) where Array(words[start..<start + term.words.count]) == term.words {
                return term.original
            }
        }
        return nil
    }

    /// The words of `text`, split at anything but letters and digits (a decomposed accent stays
    /// with its letter, since a Character holds both), each normalised.
    static func words(of text: String) -> [String] {
        text.split { !($0.isLetter || $0.isNumber) }.map { GuessNormalizer.normalize(String($0)) }.filter { !$0.isEmpty }
    }
}
