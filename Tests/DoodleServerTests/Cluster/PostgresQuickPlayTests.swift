import DoodleClient
import DoodleCore
import DoodleTestSupport
import Foundation
import Synchronization
import Testing

/// Quick play across `doodle-server` processes on one PostgreSQL database.
@Suite("Quick play across a cluster of processes on PostgreSQL")
struct PostgresQuickPlayTests {
    static let logger = TestServer.logger

    @Test("24 players quick-playing at once on two nodes, following redirects, fill at most ceil(24 / 8) + 1 rooms", .timeLimit(.minutes(2)))
    func noPileUpAcrossNodes() async throws {
        try await PostgresNodes.with(count: 2) { cluster in
            let count = 24
            let seated = SeatedCount()
            let listed = ListedFlag()
            let (codes, listedCodes) = try await withThrowingTaskGroup(of: String.self) { group in
                for index in 0..<count {
                    let start = cluster.nodes[index % 2].webSocketURL
                    group.addTask {
                        try await Self.quickPlay(startingAt: start, name: "Q\(index)") { code in
                            seated.value.add(1, ordering: .relaxed)
                            // Everyone stays until all are seated (a leaver would free a seat) and
                            // the rooms are listed (only rooms with players connected are).
                            for _ in 0..<400 where seated.value.load(ordering: .relaxed) < count { try await Task.sleep(for: .milliseconds(50)) }
                            for _ in 0..<400 where !listed.value.load(ordering: .relaxed) { try await Task.sleep(for: .milliseconds(50)) }
                            return code
                        }
                    }
                }
                // Both nodes list the same rooms, each with its node's address, while they are played in.
                for _ in 0..<400 where seated.value.load(ordering: .relaxed) < count { try await Task.sleep(for: .milliseconds(50)) }
                // The directory trails the rooms by a publication (at most a second).
                try await Task.sleep(for: .milliseconds(1_500))
                let rooms = try #require(try await HTTPProbe.json(cluster.nodes[1].httpBase + "/v1/rooms")["rooms"] as? [[String: Any]])
                listed.value.store(true, ordering: .relaxed)
                var codes: [String] = []
                for try await code in group { codes.append(code) }
                return (codes, Set(rooms.compactMap { $0["code"] as? String }))
            }
            let perRoom = Dictionary(grouping: codes, by: { $0 }).mapValues(\.count)
            #expect(codes.count == count)
            #expect(perRoom.count <= 4, "ceil(24 / 8) = 3 rooms, and at most one more for the second node: \(perRoom)")
            #expect(perRoom.values.allSatisfy { $0 <= 8 }, "\(perRoom)")
            #expect(listedCodes == Set(perRoom.keys))
        }
    }

    /// Quick play from `url` as a client would: a redirect is followed to the named room (with
    /// the player's token), a room that filled meanwhile is answered by quick play on that node,
    /// and so on for a few hops. `seated` runs with the room's code while the player sits in it.
    static func quickPlay(startingAt url: String, name: String, seated: @escaping (String) async throws -> String) async throws -> String {
        var url = url
        var token: String?
        var code: String?
        for _ in 0..<6 {
            let outcome = try await DoodleClient.withConnection(to: url, logger: logger) { connection -> (token: String, result: Result<String, Redirected>) in
                let welcome = try await connection.hello(name: name, token: token)
                do {
                    let room: RoomSnapshot
                    if let code {
                        do {
                            room = try await connection.joinRoom(code: code)
                        } catch let refusal as ProtocolError where refusal.code == .roomFull {
                            room = try await connection.quickPlay()
                        }
                    } else {
                        room = try await connection.quickPlay()
                    }
                    return (welcome.token, .success(try await seated(room.code)))
                } catch let redirected as Redirected {
                    return (welcome.token, .failure(redirected))
                }
            }
            token = outcome.token
            switch outcome.result {
            case .success(let seatedCode): return seatedCode
            case .failure(let redirected):
                url = redirected.redirect.url
                code = redirected.redirect.code
            }
        }
        throw QuickPlayHopsExhausted()
    }
}

private struct QuickPlayHopsExhausted: Error {}

/// How many of the racing players are seated so far.
private final class SeatedCount: Sendable {
    let value = Atomic<Int>(0)
}

private final class ListedFlag: Sendable {
    let value = Atomic<Bool>(false)
}
