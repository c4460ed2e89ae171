import DoodleStorage
import DoodleStorageTestSupport
import DoodleTestSupport
import Testing

extension PostgresNodes {
    /// Kills `node` with SIGKILL and watches the directory in the database (a lookup there takes
    /// a fraction of a millisecond, where one through a node is a connection and a join): the
    /// room `code` it hosted is gone within the lease of the node's last renewal, judged by the
    /// database's clock, which times the lease (a watcher on a loaded machine is late), a
    /// living node adopts the room (PROTOCOL.md rev 5, "Handing over"); the rooms `others` of
    /// living nodes stay where they are. Returns the adopter's node id.
    @discardableResult
    func killAndWatchAdoption(_ node: ChildServer, hosting code: String, while others: [String], leaseMilliseconds lease: Int64) async throws -> String {
        let directoryDatabase = try await PostgreSQLDatabase.open(location: database, maximumConnections: 1, logger: TestServer.logger)
        return try await PostgresTestDatabase.withRunning(directoryDatabase) { directoryDatabase in
            let directory = PostgresRoomDirectory(database: directoryDatabase)
            let host = try #require(try await directory.host(of: code), "the room \(code) is listed before the kill")
            // A room is adopted from its checkpoint, written within a second of its last change.
            let checkpoints = Storage(postgres: directoryDatabase).checkpoints
            let stored = ContinuousClock.now + .seconds(5)
            while try await !checkpoints.hasCheckpoint(code: code), ContinuousClock.now < stored {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(try await checkpoints.hasCheckpoint(code: code), "the room \(code) has a checkpoint before the kill")
            node.sendSIGKILL()
            #expect(await node.waitForExit())
            let left = try #require(try await PostgresBackends.leaseLeft(ofNode: host.id, in: database))
            #expect(left <= .milliseconds(lease), "the dead node's lease has \(left) left, more than the lease of \(lease) ms")
            let othersHosts = try await others.asyncMap { try await directory.host(of: $0)?.id }
            let deadline = ContinuousClock.now + .milliseconds(lease) + .seconds(10)
            var adopter = try await directory.host(of: code)?.id
            while adopter == nil || adopter == host.id, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
                adopter = try await directory.host(of: code)?.id
            }
            let adopted = try #require(adopter, "a living node adopted the room \(code)")
            #expect(adopted != host.id)
            for (other, before) in zip(others, othersHosts) {
                #expect(try await directory.host(of: other)?.id == before, "room \(other) of a living node stays where it was")
            }
            return adopted
        }
    }
}
