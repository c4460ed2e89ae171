/// What a guesser can read off a hint such as `"b_n__a"` or `"___ _____"`: the word's length in
/// characters, where its spaces and hyphens are, and the letters revealed so far.
public struct HintPattern: Sendable, Equatable {
    public let hint: [Character]

    public init(_ hint: String) {
        self.hint = Array(hint)
    }

    /// True when `word` could be the hidden word: same number of characters, every `_` over a
    /// letter or digit, and every other character equal (revealed letters compared ignoring case).
    public func matches(_ word: String) -> Bool {
        let characters = Array(word)
        guard characters.count == hint.count else { return false }
        for (shown, actual) in zip(hint, characters) {
            if shown == "_" {
                guard actual.isLetter || actual.isNumber else { return false }
            } else if shown.lowercased() != actual.lowercased() {
                return false
            }
        }
        return true
    }

    /// How many letters the hint shows.
    public var revealedLetters: Int { hint.filter { $0.isLetter || $0.isNumber }.count }
}
