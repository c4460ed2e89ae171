import Testing

@testable import DoodleCore

/// Normalisation and the correct / close / wrong table (GameRules/README.md, "Guesses").
@Suite struct GuessMatchTests {
    private func match(_ guess: String, _ word: String) -> GuessMatch {
        GuessMatch.compare(guess: GuessNormalizer.normalize(guess), word: GuessNormalizer.normalize(word))
    }

    @Test(arguments: [
        ("abc", "abc"),
        ("A-B-C", "abc"),
        ("Ice-Cream", "ice cream"),
        ("ICE CREAM", "ice cream"),
        ("Ice   cream!", "ice cream"),
        ("creme brulee", "Crème Brûlée"),
        ("STRASSE", "Straße"),
    ])
    func correct(guess: String, word: String) {
        #expect(match(guess, word) == .correct)
    }

    @Test(arguments: [
        ("abcd", "abc"),  // insert
        ("ab", "abc"),  // delete
        ("adc", "abc"),  // substitute
        ("acb", "abc"),  // swap of neighbours
        ("bac", "abc"),  // swap at the start
        ("abcde", "abc"),  // contains the word (two inserts away)
        ("xabcx", "abc"),
        ("thecatsat", "cat"),
        ("ice creams", "ice cream"),
        ("abcx", "abc"),
        ("bc", "abc"),
        ("abd", "abc"),
    ])
    func close(guess: String, word: String) {
        #expect(match(guess, word) == .close)
    }

    @Test(arguments: [
        ("abxd", "abc"),  // two edits, does not contain
        ("cab", "abc"),  // the swapped letters are not neighbours
        ("badc", "abcd"),  // two swaps
        ("abcd", "badc"),
        ("axbyc", "abc"),  // two inserts, not containing
        ("a", "abc"),  // two deletes
        ("xyz", "abc"),
        ("", "abc"),  // nothing left after normalisation
        ("!!!", "abc"),
    ])
    func wrong(guess: String, word: String) {
        #expect(match(guess, word) == .wrong)
    }

    @Test(arguments: [
        ("Ice-Cream", "icecream"),
        ("Crème Brûlée", "cremebrulee"),
        ("Cre\u{0300}me", "creme"),  // decomposed accent
        ("Straße", "strasse"),
        ("ＡＢＣ１２３", "abc123"),  // full-width letters and digits
        ("ﬁsh", "fish"),  // ligature
        ("R2-D2", "r2d2"),
        ("  Don't  stop!  ", "dontstop"),
        ("ÀÉÎÕÜ", "aeiou"),
        ("ΑΒΓ", "αβγ"),
    ])
    func normalisation(input: String, expected: String) {
        #expect(GuessNormalizer.normalize(input) == expected)
    }

    @Test func normalisationIsIdempotent() {
        for text in ["Crème Brûlée", "Straße", "ＡＢＣ", "ice-cream", "ΑΒΓ"] {
            let once = GuessNormalizer.normalize(text)
            #expect(GuessNormalizer.normalize(once) == once)
        }
    }

    @Test func roomAcceptsAnyFormThatNormalisesToTheWord() throws {
        var h = try Fixtures.makeMachine(players: 3, settings: SettingsPatch(wordChoices: 1), words: ["ice cream"])
        let (b, c) = (h.members[1], h.members[2])
        h.startGame()
        try h.chooseFirst()
        #expect(h.guess("ICE-cream!", from: b).guessResults.first?.result.correct == true)
        #expect(h.guess("  Ice   Cream  ", from: c).guessResults.first?.result.correct == true)
    }
}
