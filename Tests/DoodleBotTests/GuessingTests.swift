import DoodleBot
import DoodleCore
import Testing

@Suite("Guessing from the hint")
struct GuessingTests {
    @Test("a hint matches words of its shape and revealed letters", arguments: [
        ("______", "banana", true), ("b_n___", "banana", true), ("B_____", "banana", true),
        ("_____", "banana", false), ("a_____", "banana", false), ("___ _____", "ice cream", true),
        ("_________", "ice cream", false), ("___-___", "t-shirt", false), ("_-_____", "t-shirt", true),
    ])
    func hintMatching(hint: String, word: String, matches: Bool) {
        #expect(HintPattern(hint).matches(word) == matches)
    }

    @Test("dictionary words that fit come first, then the pack's")
    func candidates() {
        let vocabulary = BotVocabulary(dictionary: ["giraffe", "banana"], pack: ["banana", "carrot", "apple"])
        #expect(vocabulary.candidates(matching: HintPattern("______")) == ["banana"])
        #expect(vocabulary.candidates(matching: HintPattern("c_____")) == ["carrot"])
        #expect(vocabulary.candidates(matching: HintPattern("__")).isEmpty)
    }

    @Test("skill 1 tries each fitting candidate once; skill 0 never says one")
    func skill() {
        let vocabulary = BotVocabulary(pack: ["banana", "carrot", "apple", "kite", "giraffe", "pear"])
        var random = SeededRandom(seed: 9)
        var expert = GuessPlanner(vocabulary: vocabulary, skill: 1)
        let guesses = (0..<2).compactMap { _ in expert.nextGuess(hint: "______", using: &random) }
        #expect(Set(guesses) == ["banana", "carrot"])

        var novice = GuessPlanner(vocabulary: vocabulary, skill: 0)
        for _ in 0..<4 {
            if let guess = novice.nextGuess(hint: "______", using: &random) {
                #expect(!HintPattern("______").matches(guess))
            }
        }
    }

    @Test("a word list file: one word per line or comma-separated, comments skipped")
    func wordList() {
        #expect(BotVocabulary.parseWordList("banana\n# fruit\n giraffe \n\numbrella,kite") == ["banana", "giraffe", "umbrella", "kite"])
    }
}
