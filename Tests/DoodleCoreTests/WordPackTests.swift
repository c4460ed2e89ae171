import Testing

@testable import DoodleCore

/// A pack's `# name:` header, and rooms playing a pack other than English
/// (GameRules/README.md, "Word packs"; PROTOCOL.md, "Word packs in several languages").
@Suite struct WordPackTests {
    /// A small pack in another language, with umlauts and an ß so normalisation matters.
    static let german = WordPack(
        name: "de", displayName: "Deutsch",
        words: ["Apfel", "Käse", "Straße", "Fahrrad", "Schlüssel", "Löwe", "Brücke", "Gießkanne", "Würfel", "Zahnbürste"])

    private func parse(_ text: String) throws -> WordPack {
        try WordPack.parse(name: "de", text: text, path: "words/de.txt", maxLength: 30)
    }

    @Test func headerOnTheFirstLineGivesTheDisplayName() throws {
        let pack = try parse("# name: Deutsch\nApfel\nKäse\n")
        #expect(pack.name == "de")
        #expect(pack.displayName == "Deutsch")
        #expect(pack.words == ["Apfel", "Käse"], "the header is not a word")
    }

    @Test func headerIsTrimmedAndMayOmitTheSpaceAfterTheHash() throws {
        #expect(try parse("#name:   Français  \r\npomme\n").displayName == "Français")
    }

    @Test func withoutAHeaderThePackIsShownByItsId() throws {
        #expect(try parse("# words a child can draw\nApfel\n").displayName == "de")
        #expect(try parse("Apfel\n").displayName == "de")
    }

    @Test func aHeaderBelowTheFirstLineIsAnOrdinaryComment() throws {
        let pack = try parse("Apfel\n# name: Deutsch\nKäse\n")
        #expect(pack.displayName == "de")
        #expect(pack.words == ["Apfel", "Käse"])
    }

    @Test func aHeaderThatNamesNothingStopsTheLoad() {
        #expect(throws: RulesError.self) { try parse("# name:\nApfel\n") }
    }

    @Test func anInstalledPackOfAnotherLanguageIsAccepted() throws {
        var h = try Fixtures.makeMachine(players: 2, otherPacks: [Self.german])
        let owner = h.owner
        let effects = h.send(.updateSettings(SettingsPatch(wordPack: "de")), from: owner)
        #expect(effects.errors(to: owner).isEmpty)
        #expect(h.machine.settings.wordPack == "de")
    }

    @Test func theValidatorTakesEveryInstalledIdAndNothingElse() throws {
        let validator = SettingsValidator(rules: try Fixtures.rules(), packNames: ["en", "de", "pt", "pl"], blocklist: Fixtures.blocklist)
        let current = try Fixtures.rules().defaultSettings
        for id in ["de", "pt", "pl", "en"] {
            #expect((try? validator.apply(SettingsPatch(wordPack: id), to: current, playerCount: 1).get())?.wordPack == id)
        }
        for id in ["fr", "DE", "de ", ""] {
            guard case .failure(let error) = validator.apply(SettingsPatch(wordPack: id), to: current, playerCount: 1) else {
                Issue.record("'\(id)' was accepted")
                continue
            }
            #expect(error.code == .invalidSettings)
        }
    }

    @Test func aRoomOffersOnlyTheWordsOfItsOwnPack() throws {
        // 3 players, 3 rounds, 3 choices: 27 offers from a 10-word pack, so an English word
        // would have had every chance to slip in.
        var h = try Fixtures.makeMachine(
            players: 3, settings: SettingsPatch(rounds: 3, wordPack: "de"), otherPacks: [Self.german])
        h.startGame()
        let offered = try h.wordsOfferedUntilGameOver()
        #expect(offered.count == 27)
        #expect(Set(offered).isSubset(of: Self.german.words), "\(offered)")
        #expect(Set(offered).count >= 9, "the first three offers alone hold nine different words")
    }

    @Test func switchingThePackChangesTheWordsOfTheNextGame() throws {
        var h = try Fixtures.makeMachine(players: 2, otherPacks: [Self.german])
        h.send(.updateSettings(SettingsPatch(wordPack: "de")), from: h.owner)
        h.startGame()
        let drawer = try #require(h.snapshotDrawer)
        let choices = h.machine.snapshot(for: drawer).choices ?? []
        #expect(choices.count == 3)
        #expect(Set(choices).isSubset(of: Self.german.words))
        #expect(Set(choices).isDisjoint(with: Fixtures.words))
    }
}
