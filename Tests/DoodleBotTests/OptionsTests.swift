import DoodleBot
import DoodleCore
import Testing

@Suite("Options, settings and backoff")
struct OptionsTests {
    @Test("--settings key=value maps to settings fields")
    func settings() throws {
        let patch = try SettingsArguments.parse(["rounds=2", "revealSeconds=0", "customWordsOnly=true", "customWords=banana, kite,giraffe"])
        #expect(patch == SettingsPatch(rounds: 2, revealSeconds: 0, customWords: ["banana", "kite", "giraffe"], customWordsOnly: true))
    }

    @Test("bad settings are refused with a message naming them", arguments: ["round=2", "rounds=two", "lateJoin=maybe", "rounds", "customWords="])
    func badSettings(argument: String) {
        #expect(throws: BotOptionsError.self) { try SettingsArguments.parse([argument]) }
    }

    @Test("the server URL gets the WebSocket path when it has none")
    func serverURL() throws {
        #expect(try BotOptions.webSocketURL(for: "ws://127.0.0.1:8080") == "ws://127.0.0.1:8080/v1/ws")
        #expect(try BotOptions.webSocketURL(for: "http://example.com") == "ws://example.com/v1/ws")
        #expect(try BotOptions.webSocketURL(for: "wss://example.com/v1/ws") == "wss://example.com/v1/ws")
        #expect(throws: BotOptionsError.self) { try BotOptions.webSocketURL(for: "localhost:8080") }
    }

    @Test("option combinations are checked")
    func validation() {
        #expect(throws: BotOptionsError.self) { try BotOptions(mode: .create(SettingsPatch()), count: 1).validate() }
        #expect(throws: BotOptionsError.self) { try BotOptions(mode: .join(code: "K7PQ2M"), rooms: 2).validate() }
        #expect(throws: BotOptionsError.self) { try BotOptions(mode: .create(SettingsPatch()), skill: 1.5).validate() }
        #expect(throws: Never.self) { try BotOptions(mode: .join(code: "K7PQ2M"), count: 3).validate() }
        // A speed that would overflow a Duration, or round every delay to zero, is refused.
        for speed in [1e-25, 0.009, 1001, .infinity, .nan, 0, -1] {
            #expect(throws: BotOptionsError.self, "\(speed)") { try BotOptions(mode: .join(code: "K7PQ2M"), count: 3, speed: speed).validate() }
        }
        #expect(throws: Never.self) { try BotOptions(mode: .join(code: "K7PQ2M"), count: 3, speed: 1000).validate() }
    }

    @Test("reconnection backs off exponentially, capped, scaled by speed")
    func backoff() {
        let policy = ReconnectPolicy(initialDelay: .milliseconds(100), maximumDelay: .seconds(1))
        #expect((1...6).map { policy.delay(beforeAttempt: $0) } == [
            .milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(800), .seconds(1), .seconds(1),
        ])
        #expect(policy.delay(beforeAttempt: 2, speed: 10) == .milliseconds(20))
    }
}
