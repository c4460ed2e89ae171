import DoodleStorage
import Logging
import PostgresNIO

/// Ends connections the way a failover or a cut network would, for tests of what survives it.
public enum PostgresBackends {
    /// Ends every connection to `location`'s database whose `application_name` is `name`, from a
    /// connection of its own; how many it ended.
    public static func terminate(applicationName name: String, in location: PostgresLocation) async throws -> Int {
        try await PostgresLoneConnection.with(location) { connection in
            var ended = 0
            let rows = try await connection.query(
                """
                SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                WHERE application_name = \(name) AND datname = current_database() AND pid <> pg_backend_pid()
                """, logger: connection.logger)
            for try await terminated in rows.decode(Bool.self) where terminated { ended += 1 }
            return ended
        }
    }

    /// How long the lease of the node `nodeID` has left, by the database's clock (nil: no such
    /// node). Read just after a node is killed, it bounds when its rooms leave the directory
    /// whatever the load on the machine watching.
    public static func leaseLeft(ofNode nodeID: String, in location: PostgresLocation) async throws -> Duration? {
        try await PostgresLoneConnection.with(location) { connection in
            var left: Double?
            let rows = try await connection.query(
                "SELECT EXTRACT(EPOCH FROM expires_at - now())::float8 FROM cluster_node WHERE id = \(nodeID)", logger: connection.logger)
            for try await seconds in rows.decode(Double.self) { left = seconds }
            return left.map { .milliseconds(Int64(($0 * 1000).rounded())) }
        }
    }
}
