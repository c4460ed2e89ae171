/// Terms that names, custom words and filtered chat may not contain (GameRules/blocklists).
///
/// Matching is by whole words: a text is split into words — maximal runs of letters and digits
/// — and each word is normalised as guesses are (`GuessNormalizer`: NFKD, marks removed,
/// case-folded). A term, itself one or more words, matches a run of consecutive words equal to
/// it. So `cunt` is found in `CÜNT!` but not in `Scunthorpe`, and `blow job` in `a Blow-Job`
/// but not in `blowing jobs`.
public struct Blocklist: Sendable, Equatable {
    /// Each term as its normalised words, filed under its first word, so a text is matched
    /// with one dictionary look-up per word.
    private let termsByFirstWord: [String: Set<[String]>]
    /// How many distinct terms the list holds.
    public let count: Int

    /// A list that blocks nothing.
    public static let empty = Blocklist(terms: [String]())

    /// Terms as written (`"Blow Job"`); a term without a letter or digit blocks nothing, and
    /// terms equal once normalised count once.
    public init(terms: some Sequence<String>) {
        var byFirstWord: [String: Set<[String]>] = [:]
        for term in terms {
            let words = Self.words(of: term).map(\.normalized)
            guard let first = words.first, !first.isEmpty else { continue }
            byFirstWord[first, default: []].insert(words)
        }
        self.init(termsByFirstWord: byFirstWord)
    }

    public var isEmpty: Bool { count == 0 }

    /// Every term of both lists.
    public func union(_ other: Blocklist) -> Blocklist {
        Blocklist(termsByFirstWord: termsByFirstWord.merging(other.termsByFirstWord) { $0.union($1) })
    }

    private init(termsByFirstWord: [String: Set<[String]>]) {
        self.termsByFirstWord = termsByFirstWord
        count = termsByFirstWord.values.reduce(0) { $0 + $1.count }
    }

    /// True when some run of whole words of `text` is a blocked term.
    public func containsBlockedWord(_ text: String) -> Bool {
        guard !isEmpty else { return false }
        let words = Self.words(of: text).map(\.normalized)
        return words.indices.contains { matchLength(in: words, at: $0) != nil }
    }

    /// `text` with every word that belongs to a blocked term replaced by as many `*` as it has
    /// characters; everything else — separators, spacing, the other words — stays exactly as
    /// it was. `maskedWords` counts the words replaced (0: the text came back unchanged).
    public func masked(_ text: String) -> (text: String, maskedWords: Int) {
        guard !isEmpty else { return (text, 0) }
        let words = Self.words(of: text)
        let normalized = words.map(\.normalized)
        var blocked = [Bool](repeating: false, count: words.count)
        for start in words.indices {
            guard let length = matchLength(in: normalized, at: start) else { continue }
            for index in start..<start + length { blocked[index] = true }
        }
        let maskedWords = blocked.reduce(0) { $0 + ($1 ? 1 : 0) }
        guard maskedWords > 0 else { return (text, 0) }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var copiedUpTo = text.startIndex
        for (word, isBlocked) in zip(words, blocked) where isBlocked {
            result += text[copiedUpTo..<word.range.lowerBound]
            result += String(repeating: "*", count: word.characterCount)
            copiedUpTo = word.range.upperBound
        }
        result += text[copiedUpTo...]
        return (result, maskedWords)
    }

    /// The number of words of the longest term starting at `start`, nil if none does.
    private func matchLength(in words: [String], at start: Int) -> Int? {
        guard let candidates = termsByFirstWord[words[start]] else { return nil }
        var longest: Int?
        for term in candidates where term.count <= words.count - start && term.count > (longest ?? 0) {
            if words[start..<start + term.count].elementsEqual(term) { longest = term.count }
        }
        return longest
    }

    /// One word of a text: where it stands, how many characters it has, and its normalised form.
    struct Word {
        var range: Range<String.Index>
        var characterCount: Int
        var normalized: String
    }

    /// The maximal runs of letters and digits of `text`. A Character holds a letter with its
    /// accents, so `Öl` is one word of two characters, whether written composed or not.
    static func words(of text: String) -> [Word] {
        var words: [Word] = []
        var start: String.Index?
        var length = 0
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character.isLetter || character.isNumber {
                if start == nil { start = index }
                length += 1
            } else if let wordStart = start {
                words.append(word(text, wordStart..<index, length))
                start = nil
                length = 0
            }
            index = text.index(after: index)
        }
        if let wordStart = start { words.append(word(text, wordStart..<text.endIndex, length)) }
        return words
    }

    private static func word(_ text: String, _ range: Range<String.Index>, _ length: Int) -> Word {
        Word(range: range, characterCount: length, normalized: GuessNormalizer.normalize(String(text[range])))
    }
}
