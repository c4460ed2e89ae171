import DoodleClient
import DoodleTestSupport
import Testing

@Suite("The shutdown's client drain, live", .timeLimit(.minutes(1)))
struct ClientDrainTests {
    @Test("a graceful shutdown's drain ends with its clients' last close, not at its time limit")
    func drainEndsWithTheLastClient() async throws {
        let log = CapturedLog()
        try await TestServer.with(logger: log.logger) { server in
            try await server.withConnections(2) { connections in
                try await connections[0].hello(name: "Ada")
                try await connections[1].hello(name: "Bob")
                await server.shutDown()
                for connection in connections { #expect(try await connection.waitForClose().code == 4001) }
            }
        }
        #expect(log.all.contains { $0.contains("shutting down: closing 2 connections") })
        let cutShort = log.all.filter { $0.contains("still open after") }
        #expect(cutShort.isEmpty, "the drain waited out its limit: \(cutShort)")
    }
}
