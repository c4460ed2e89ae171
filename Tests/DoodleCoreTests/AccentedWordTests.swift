import Testing

@testable import DoodleCore

/// Words with accents, as the packs in other languages have them: the guess examples of
/// PROTOCOL.md ("Word packs in several languages") and hints that show the word's own letters.
@Suite struct AccentedWordTests {
    private func match(_ guess: String, _ word: String) -> GuessMatch {
        GuessMatch.compare(guess: GuessNormalizer.normalize(guess), word: GuessNormalizer.normalize(word))
    }

    @Test(arguments: [
        ("strasse", "Straße"),
        ("Straße", "strasse"),
        ("kase", "Käse"),
        ("käse", "Käse"),
        ("KÄSE", "Käse"),
        ("nandu", "Ñandú"),
        ("ñandú", "Ñandú"),
        ("crème brûlée", "creme brulee"),
        ("ka\u{308}se", "Käse"),  // the guess typed with a combining diaeresis
    ])
    func guessWithOrWithoutAccentsIsCorrect(guess: String, word: String) {
        #expect(match(guess, word) == .correct)
    }

    @Test func accentsAreNotTheOnlyDifferenceThatCounts() {
        #expect(match("kasse", "Käse") == .close, "one letter more")
        #expect(match("strase", "Straße") == .close, "ß is two letters, one missing")
        #expect(match("nando", "Ñandú") == .close)
        #expect(match("kiste", "Käse") == .wrong)
    }

    @Test func revealingAnAccentedLetterShowsItWithItsAccent() {
        var mask = HintMask(word: "Käse")
        #expect(mask.text == "____")
        mask.reveal(1)
        #expect(mask.text == "_ä__")
    }

    @Test func aWordStoredDecomposedStillRevealsOneWholeLetter() {
        // "a" + combining diaeresis is one character: hidden as one underscore, shown whole.
        var mask = HintMask(word: "Ka\u{308}se")
        #expect(mask.text == "____")
        #expect(mask.hideablePositions == [0, 1, 2, 3])
        mask.reveal(1)
        #expect(mask.text == "_a\u{308}__")
    }

    @Test(arguments: [
        ("Straße", "______"),
        ("Ñandú", "_____"),
        ("pão de queijo", "___ __ ______"),
        ("porquinho-da-índia", "_________-__-_____"),
        ("l'œuf", "_'___"),
    ])
    func hintsCountEachAccentedLetterOnceAndShowSeparators(word: String, hint: String) {
        #expect(HintMask(word: word).text == hint)
    }

    @Test func roomHintsRevealTheWordsOwnAccentedLetters() throws {
        // "Gießkanne" alone, hints 5: L = 9, so floor(9 / 2) = 4 letters come out.
        let word = "Gießkanne"
        var h = try Fixtures.makeMachine(
            players: 3, settings: SettingsPatch(wordChoices: 1, hints: 5, wordPack: "de"),
            otherPacks: [WordPack(name: "de", words: [word])])
        h.startGame()
        #expect(try h.chooseFirst() == word)
        let hints = h.advance(by: 80_000).hints
        #expect(hints.count == 4)
        for hint in hints {
            #expect(hint.count == word.count)
            for (shown, actual) in zip(hint, word) where shown != "_" { #expect(shown == actual, "\(hint)") }
        }
        let letters = try #require(hints.last).filter { $0 != "_" }
        #expect(letters.count == 4)
    }
}
