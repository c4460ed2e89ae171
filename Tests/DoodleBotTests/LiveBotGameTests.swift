import Synchronization
import DoodleBot
import DoodleCore
import DoodleTestSupport
import Testing

@Suite("doodle-bot against a real server")
struct LiveBotGameTests {
    static let words = ["banana", "giraffe", "umbrella"]

    @Test("four bots create a room, play a whole game at high speed and rank all four", .timeLimit(.minutes(1)))
    func fourBotsPlayAGame() async throws {
        let report = try await TestServer.with { server in
            let options = BotOptions(
                server: server.webSocketURL,
                mode: .create(SettingsPatch(rounds: 1, drawSeconds: 15, chooseSeconds: 5, revealSeconds: 0, customWords: Self.words, customWordsOnly: true)),
                count: 4, skill: 0.9, seed: 42, speed: 20, strict: true,
                // The bots know the room's vocabulary the way its players would; the word
                // itself still only reaches them through the hint.
                vocabulary: BotVocabulary(dictionary: Self.words, pack: BotVocabulary.builtIn))
            let events = EventLog()
            let report = try await BotRunner.run(options, logger: TestServer.logger) { event in events.append(event) }
            #expect(events.lines.contains { $0.contains("created") }, "the invite code is reported")
            #expect(events.lines.contains { $0.contains("game over") })
            return report
        }
        #expect(report.succeeded, "\(BotReportFormatter.summary(report))")
        #expect(report.violationCount == 0)
        let room = try #require(report.rooms.first)
        #expect(room.endReason == .completed)
        #expect(room.ranking.count == 4)
        #expect(Set(room.ranking.map(\.name)) == ["Bot1", "Bot2", "Bot3", "Bot4"])
        #expect(room.bots.allSatisfy { $0.ranking == room.ranking }, "every bot got the same ranking")
        #expect(room.bots.map(\.stats.turnsDrawn).reduce(0, +) == 4, "each bot drew once in one round")
        #expect(room.bots.map(\.stats.correctGuesses).reduce(0, +) > 0)
    }

    @Test("bots that cannot reach the server fail after their reconnection attempts", .timeLimit(.minutes(1)))
    func unreachableServerFails() async throws {
        let options = BotOptions(
            server: "ws://127.0.0.1:1", mode: .create(SettingsPatch()), count: 2, seed: 1, speed: 100,
            reconnect: ReconnectPolicy(initialDelay: .milliseconds(10), maximumDelay: .milliseconds(20), maximumAttempts: 2))
        let report = try await BotRunner.run(options, logger: TestServer.logger)
        #expect(!report.succeeded)
        #expect(report.rooms.first?.bots.first?.failure?.contains("gave up") == true)
    }
}

/// Collects progress lines from the bots' tasks.
final class EventLog: Sendable {
    private let storage = Mutex<[String]>([])

    func append(_ event: BotRunEvent) {
        storage.withLock { $0.append(BotReportFormatter.line(for: event)) }
    }

    var lines: [String] { storage.withLock { $0 } }
}

@Suite("doodle-bot --telephone against a real server")
struct LiveTelephoneBotTests {
    @Test("four bots play a telephone game: every step, every entry revealed, no drawing of another reaching a bot", .timeLimit(.minutes(1)))
    func fourBotsPlayTelephone() async throws {
        let report = try await TestServer.with { server in
            let options = BotOptions(
                server: server.webSocketURL, mode: .create(SettingsPatch(drawSeconds: 15, writeSeconds: 10)), count: 4, seed: 7, speed: 20,
                strict: true, vocabulary: BotVocabulary(dictionary: [], pack: BotVocabulary.builtIn), roomMode: .telephone)
            return try await BotRunner.run(options, logger: TestServer.logger)
        }
        #expect(report.succeeded, "\(BotReportFormatter.summary(report))")
        let room = try #require(report.rooms.first)
        #expect(room.endReason == .completed && room.ranking.isEmpty)
        for bot in room.bots {
            #expect(bot.stats.stepsSeen == 4)
            #expect(bot.stats.entriesRevealed == 16)
            #expect(bot.stats.textsWritten == 1 && bot.stats.turnsDrawn == 2 && bot.stats.descriptions.count == 1)
        }
        #expect(BotReportFormatter.summary(report).contains("described drawings it cannot see as"))
    }

    @Test("--create --telephone needs three bots")
    func needsThree() {
        let options = BotOptions(mode: .create(SettingsPatch()), count: 2, roomMode: .telephone)
        #expect(throws: BotOptionsError.self) { try options.validate() }
    }
}
