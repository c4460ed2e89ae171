import DoodleBot
import DoodleClient
import DoodleCore
import DoodleTestSupport
import Testing

@Suite("Quick-play bots: options and the brain's start")
struct QuickPlayBotTests {
    static func quickPlayer(pack: String? = "de") -> BotBrain {
        BotBrain(
            configuration: BotBrainConfiguration(
                name: "Bot1", entry: .quickPlay(wordPack: pack), skill: 1, speed: 1, chattiness: 0,
                vocabulary: BotVocabulary(pack: ["Apfel", "Käse", "Straße"])),
            seed: 7)
    }

    /// An ownerless public lobby with the bot and one stranger.
    static func publicLobby(seq: Int, startsAt: Int64?) -> ServerMessage {
        var settings = Frames.settings
        settings.wordPack = "de"
        return .roomState(
            RoomSnapshot(
                seq: seq, code: "PUB234", mode: .party, ownerId: nil, locked: false,
                settings: SettingsView(settings: settings, showsCustomWords: false),
                players: [Frames.player("p_ada", "Ada"), Frames.player("p_bot", "Bot1")], phase: .lobby, round: nil, rounds: 1,
                drawerId: nil, deadline: nil, hint: nil, word: nil, choices: nil, strokes: [], startsAt: startsAt))
    }

    @Test("after welcome the bot sends quickPlay with its pack, once")
    func sendsQuickPlay() {
        var brain = Self.quickPlayer()
        BotBrainTests.feed(&brain, [Frames.welcome])
        #expect(brain.dueMessages(at: .zero) == [.quickPlay(wordPack: "de")])
        BotBrainTests.feed(&brain, [Self.publicLobby(seq: 1, startsAt: nil)])
        #expect(brain.code == "PUB234")
        #expect(brain.dueMessages(at: .seconds(30)).isEmpty)
    }

    @Test("in a room nobody owns the bot never sends startGame; it waits through the countdown and plays when the game starts")
    func waitsForTheCountdown() {
        var brain = Self.quickPlayer()
        BotBrainTests.feed(&brain, [Frames.welcome])
        _ = brain.dueMessages(at: .zero)
        let notices = BotBrainTests.feed(&brain, [Self.publicLobby(seq: 1, startsAt: nil), .event(.phaseLobby(startsAt: 1_000), seq: 2)])
        #expect(brain.ownerId == nil)
        #expect(brain.startsAt == 1_000)
        #expect(brain.violations.isEmpty)
        #expect(notices.contains(.enteredRoom(code: "PUB234")))
        #expect(!brain.dueMessages(at: .seconds(60)).contains(.startGame))
        // Players fell below the minimum: the countdown stops, still nothing to send.
        BotBrainTests.feed(&brain, [.event(.phaseLobby(startsAt: nil), seq: 3)])
        #expect(brain.startsAt == nil)
        BotBrainTests.feed(&brain, [.event(.phaseLobby(startsAt: 2_000), seq: 4)])
        // The server starts the game: the bot is the drawer and chooses a word.
        BotBrainTests.feed(&brain, [
            .event(.phaseChoosing(round: 1, drawerId: "p_bot", deadline: 0), seq: 5), .chooseWord(choices: ["Käse", "Apfel"]),
        ], at: .seconds(61))
        #expect(brain.startsAt == nil)
        let later = brain.dueMessages(at: .seconds(70))
        #expect(later.map(\.typeName).contains("chooseWord"), "\(later)")
        #expect(!later.contains(.startGame))
        #expect(brain.violations.isEmpty)
    }

    @Test("a quick play redirected to another node joins the room it names there")
    func redirectJoinsTheNamedRoom() {
        var brain = Self.quickPlayer()
        BotBrainTests.feed(&brain, [Frames.welcome])
        _ = brain.dueMessages(at: .zero)
        BotBrainTests.feed(&brain, [.redirect(Redirect(url: "ws://node-b.test/v1/ws", code: "PUB234"))])
        #expect(brain.takeRedirect()?.code == "PUB234")
        _ = brain.connectionOpened(at: .zero)
        BotBrainTests.feed(&brain, [Frames.welcome])
        #expect(brain.dueMessages(at: .zero) == [.joinRoom(code: "PUB234")])
    }

    @Test("a refused quick play stops the bot")
    func refusedQuickPlayFails() {
        var brain = Self.quickPlayer(pack: "xx")
        BotBrainTests.feed(&brain, [Frames.welcome])
        _ = brain.dueMessages(at: .zero)
        let notices = BotBrainTests.feed(&brain, [.error(ProtocolError(.invalidSettings, "unknown pack", ref: "quickPlay"))])
        #expect(brain.isFinished)
        #expect(notices.contains { if case .failed = $0 { true } else { false } })
    }

    @Test("--quick-play refuses --rooms, and checks its own values")
    func optionValidation() {
        #expect(throws: BotOptionsError.self) { try BotOptions(mode: .quickPlay(QuickPlayOptions(wordPack: "de")), rooms: 2).validate() }
        #expect(throws: BotOptionsError.self) { try BotOptions(mode: .quickPlay(QuickPlayOptions(wordPack: ""))).validate() }
        #expect(throws: BotOptionsError.self) { try BotOptions(mode: .quickPlay(QuickPlayOptions(timeLimit: .zero))).validate() }
        #expect(throws: Never.self) { try BotOptions(mode: .quickPlay(QuickPlayOptions(wordPack: "de")), count: 9).validate() }
    }

    @Test("--word-pack picks the bots' vocabulary from the rules folder, and an unknown pack is refused")
    func vocabularyFromPack() throws {
        let rulesFolder = TestServer.repositoryRoot + "/GameRules"
        let german = try BotVocabulary.load(rulesFolder: rulesFolder, packName: "de", dictionaryFile: nil)
        let english = try BotVocabulary.load(rulesFolder: rulesFolder, packName: "en", dictionaryFile: nil)
        #expect(german.pack.count >= 300)
        #expect(german.pack != english.pack)
        #expect(throws: BotOptionsError.self) { try BotVocabulary.load(rulesFolder: rulesFolder, packName: "xx", dictionaryFile: nil) }
    }
}
