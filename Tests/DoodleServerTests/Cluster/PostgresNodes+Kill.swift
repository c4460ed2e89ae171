import DoodleStorage
import DoodleStorageTestSupport
import DoodleTestSupport
import Testing

extension PostgresNodes {
    /// Kills `node` with SIGKILL and watches the directory in the database (a lookup there takes
    /// a fraction of a millisecond, where one through a node is a connection and a join): the
    /// room `code` it hosted is gone within the lease of the node's last renewal, judged by the
    /// database's clock, which times the lease (a watcher on a loaded machine is late); the rooms
    /// `others` of living nodes stay.
    func killAndWatch(_ node: ChildServer, hosting code: String, while others: [String], leaseMilliseconds lease: Int64) async throws {
        let directoryDatabase = try await PostgreSQLDatabase.open(location: database, maximumConnections: 1, logger: TestServer.logger)
        try await PostgresTestDatabase.withRunning(directoryDatabase) { directoryDatabase in
            let directory = PostgresRoomDirectory(database: directoryDatabase)
            let host = try #require(try await directory.host(of: code), "the room \(code) is listed before the kill")
            node.sendSIGKILL()
            #expect(await node.waitForExit())
            let left = try #require(try await PostgresBackends.leaseLeft(ofNode: host.id, in: database))
            #expect(left <= .milliseconds(lease), "the dead node's lease has \(left) left, more than the lease of \(lease) ms")
            let deadline = ContinuousClock.now + .milliseconds(lease) + .seconds(10)
            while try await directory.host(of: code) != nil, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(try await directory.host(of: code) == nil)
            for other in others {
                #expect(try await directory.host(of: other) != nil, "room \(other) of a living node stays listed")
            }
        }
    }
}
