import DoodleClient
import DoodleCore
import DoodleTestSupport
import Testing

/// The cluster's seat race, on any cluster: an owner opens a room of 4 on one node, and 20
/// joiners, started alternately on the nodes given, race for its 3 free seats.
enum SeatRace {
    /// Runs the race and expects exactly 3 joiners seated and 17 refused with `room_full`; then
    /// `body` runs with the room's code while the owner is still in it.
    static func expectThreeSeated(
        ownerAt ownerURL: String, joinersStartingAt starts: [String], _ body: (_ code: String) async throws -> Void
    ) async throws {
        try await DoodleClient.withConnection(to: ownerURL, logger: TestServer.logger) { owner in
            try await owner.hello(name: "Owner")
            let room = try await owner.createRoom(settings: SettingsPatch(maxPlayers: 4))
            let outcomes = await withTaskGroup(of: String.self) { group in
                for index in 0..<20 {
                    let start = starts[index % starts.count]
                    group.addTask {
                        do {
                            // 21 clients on 2 shared cores: answers may take seconds, and a timeout is no answer.
                            return try await DoodleClient.withJoinedConnection(
                                to: start, name: "J\(index)", code: room.code, timeout: .seconds(20), logger: TestServer.logger
                            ) { _, _, _, _ in "seated" }
                        } catch let error as ProtocolError {
                            return error.code.rawValue
                        } catch {
                            return "\(error)"
                        }
                    }
                }
                var outcomes: [String] = []
                for await outcome in group { outcomes.append(outcome) }
                return outcomes
            }
            #expect(outcomes.filter { $0 == "seated" }.count == 3, "\(outcomes)")
            #expect(outcomes.filter { $0 == "room_full" }.count == 17, "\(outcomes)")
            try await body(room.code)
        }
    }
}
