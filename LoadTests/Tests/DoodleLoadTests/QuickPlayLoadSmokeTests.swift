import DoodleLoad
import DoodleTestSupport
import Testing

@Suite("Quick-play load smoke (doodle-load --quick-play, short, in process)")
struct QuickPlayLoadSmokeTests {
    /// Beside the whole suite on 2 cores a seat has been seen to take 10 s (every other live test
    /// shares the event loops), so answers may take up to a minute here, and players stay 20 s
    /// after the last arrival so that even late ones hear the others: this checks that all are
    /// seated, in the ideal rooms, and nothing is lost; the speed is measured by `doodle-load`.
    @Test("40 strangers at 100/s are all seated in ceil(40 / 8) rooms and lose no room event", .timeLimit(.minutes(3)))
    func quickPlayLoadIsClean() async throws {
        let configuration = QuickPlayLoadConfiguration(players: 40, rate: 100, wordPack: "de", holdSeconds: 20, answerTimeoutSeconds: 60)
        let result = try await TestServer.with(logger: QuickSmokeTests.logger) { server in
            await QuickPlayLoad(configuration: configuration, urls: [server.webSocketURL], probe: nil, logger: QuickSmokeTests.logger).run()
        }
        #expect(result.isClean, "\(result.text)")
        #expect(result.seated == 40)
        #expect(result.maxPlayers == 8)
        #expect(result.idealRooms == 5)
        // Arrivals 10 ms apart fill each room before the next is made.
        #expect(result.roomsMade == 5, "\(result.text)")
        #expect(result.timeToSeat.count == 40)
        #expect(result.events > 0, "the seated players hear each other arrive")
    }

    @Test("with every room left mid-game, no newcomer is seated where no game can go on", .timeLimit(.minutes(3)))
    func abandonedRoomsAreNotOffered() async throws {
        // Games start a second after two players are in, before a room fills at 4 arrivals a
        // second, so later arrivals meet running games with free seats,
        // each left by all its players the moment its first turn begins.
        let configuration = QuickPlayLoadConfiguration(players: 60, rate: 4, holdSeconds: 3, answerTimeoutSeconds: 60, abandon: 1)
        let result = try await TestServer.with(
            rules: { rules in
                var room = rules["publicRoom"] as? [String: Any] ?? [:]
                room["autoStartSeconds"] = 1
                rules["publicRoom"] = room
            }, logger: QuickSmokeTests.logger
        ) { server in
            await QuickPlayLoad(configuration: configuration, urls: [server.webSocketURL], probe: nil, logger: QuickSmokeTests.logger).run()
        }
        #expect(result.seated == 60, "\(result.text)")
        #expect(result.abandoned > 0, "some rooms were left mid-game: \(result.text)")
        #expect(result.seatedInDeadRooms == 0, "\(result.text)")
        #expect(result.roomsMade > result.idealRooms, "newcomers needed rooms of their own: \(result.text)")
    }

    @Test("the configuration is bounded")
    func configurationBounds() {
        #expect(QuickPlayLoadConfiguration(players: 2000, rate: 200).violation == nil)
        #expect(QuickPlayLoadConfiguration(players: 0, rate: 200).violation != nil)
        #expect(QuickPlayLoadConfiguration(players: 10, rate: 0).violation != nil)
        #expect(QuickPlayLoadConfiguration(players: 10, rate: 10, wordPack: "").violation != nil)
        #expect(QuickPlayLoadConfiguration(players: 10, rate: 10, abandon: 1.5).violation != nil)
        #expect(QuickPlayLoadConfiguration(players: 10, rate: 10, abandon: -0.1).violation != nil)
    }
}
