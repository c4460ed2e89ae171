/// The hint of a word: one character per character of the word, `_` for a hidden letter or
/// digit, everything else (spaces, hyphens, apostrophes, …) shown from the start.
public struct HintMask: Sendable, Equatable {
    public let word: [Character]
    public private(set) var revealed: Set<Int>

    public init(word: String) {
        self.word = Array(word)
        self.revealed = []
    }

    /// A hint with `revealed` positions of `word` uncovered already (a restored turn's).
    public init(word: String, revealed: Set<Int>) {
        let characters = Array(word)
        self.word = characters
        self.revealed = revealed.filter { $0 >= 0 && $0 < characters.count }
    }

    /// Positions that hints may uncover.
    public var hideablePositions: [Int] {
        word.indices.filter { Self.isHideable(word[$0]) }
    }

    public var hiddenPositions: [Int] {
        hideablePositions.filter { !revealed.contains($0) }
    }

    /// How many letters hints may reveal for this word: at most `hints`, never more than half.
    public func revealBudget(hints: Int) -> Int {
        min(hints, hideablePositions.count / 2)
    }

    public mutating func reveal(_ position: Int) {
        revealed.insert(position)
    }

    public var text: String {
        String(word.indices.map { index in
            Self.isHideable(word[index]) && !revealed.contains(index) ? "_" : word[index]
        })
    }

    static func isHideable(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }
}
