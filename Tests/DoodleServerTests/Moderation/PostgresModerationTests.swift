import DoodleClient
import DoodleCore
import DoodleTestSupport
import Foundation
import Testing

/// Operators' decisions across real `doodle-server` processes on one PostgreSQL database, where
/// the signals between nodes are `NOTIFY`s.
@Suite("Moderation across a cluster of processes on PostgreSQL")
struct PostgresModerationTests {
    static let adminArguments = ["--admin-token", TestServer.adminTokenText]

    @Test("a ban made on one node closes the player's connection on the other with 4004, and both refuse its hello", .timeLimit(.minutes(1)))
    func banAcrossProcesses() async throws {
        try await PostgresNodes.with(count: 2, extraArguments: Self.adminArguments) { cluster in
            let (a, b) = (cluster.nodes[0], cluster.nodes[1])
            try await DoodleClient.withConnection(to: b.webSocketURL, logger: TestServer.logger) { troll in
                let welcome = try await troll.hello(name: "Troll")
                let answer = try await AdminHTTP.request("POST", a.httpBase + "/v1/admin/players/\(welcome.playerId)/ban", body: ["reason": "test"])
                #expect(answer.status == 200)
                // The ban crosses the database as a NOTIFY; beside the whole suite on 2 cores it
                // once took longer than the client's default 5 s.
                #expect(try await troll.waitForClose(timeout: .seconds(30)).closeCode == .banned)
                for node in [a, b] {
                    #expect(try await BanTests.refusedHello(at: node.webSocketURL, token: welcome.token)?.0.code == .banned)
                }
            }
        }
    }

    @Test("a room closed through the other node: 202, its members 4005, its code gone", .timeLimit(.minutes(1)))
    func closeAcrossProcesses() async throws {
        try await PostgresNodes.with(count: 2, extraArguments: Self.adminArguments) { cluster in
            let (a, b) = (cluster.nodes[0], cluster.nodes[1])
            try await DoodleClient.withConnection(to: b.webSocketURL, logger: TestServer.logger) { owner in
                try await owner.hello(name: "Ada")
                let room = try await owner.createRoom()
                let answer = try await AdminHTTP.request("POST", a.httpBase + "/v1/admin/rooms/\(room.code)/close", body: ["reason": "test"])
                #expect(answer.status == 202)
                #expect(try await owner.waitForClose().closeCode == .roomClosed)
                try await AdminHTTP.waitUntil("no node knows the room") {
                    try await HTTPProbe.status(a.httpBase + "/v1/rooms/\(room.code)") == 404
                }
            }
        }
    }
}
