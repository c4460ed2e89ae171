import DoodleStorage
import DoodleStorageTestSupport
import DoodleTestSupport
import Foundation
import Testing

/// Real `doodle-server` processes forming a cluster on one fresh PostgreSQL database: each
/// started with `--database postgres://…` and `--node-url`, on a port chosen beforehand so that
/// its public address can name it.
struct PostgresNodes {
    let nodes: [ChildServer]
    /// The database the nodes share, for tests that look at the directory's tables.
    let database: PostgresLocation

    /// Runs `body` with `count` nodes, then kills them and drops the database, whatever happens.
    /// If `body` throws, each node's log tail is recorded with the failure.
    ///
    /// - Parameters:
    ///   - leaseMilliseconds: `--node-lease-ms`, or nil for the default 15 s.
    ///   - nodeURL: node `index`'s public address given its port; its own address by default.
    ///   - extraArguments: more flags for every node (an admin token, say).
    static func with<T>(
        count: Int, leaseMilliseconds: Int64? = nil, nodeURL: @escaping (_ index: Int, _ port: Int) -> String = { _, port in "ws://127.0.0.1:\(port)/v1/ws" },
        extraArguments: [String] = [],
        _ body: (PostgresNodes) async throws -> T
    ) async throws -> T {
        // The nodes' rules allow the test's clients, all on 127.0.0.1, more than 20 connections.
        try await TestRules.withFolder { rules in
            try await PostgresTestDatabase.withFreshDatabase { database in
                var started: [ChildServer] = []
                // Killed before the database is dropped (which also cuts any connection left).
                defer { for node in started { node.sendSIGKILL() } }
                for index in 0..<count {
                    started.append(
                        try await startNode { port in
                            var arguments = [
                                "--database", database.url, "--rules", rules, "--log-level", "info",
                                "--node-url", nodeURL(index, port),
                            ]
                            if let leaseMilliseconds { arguments += ["--node-lease-ms", String(leaseMilliseconds)] }
                            return arguments + extraArguments
                        })
                }
                let cluster = PostgresNodes(nodes: started, database: database)
                do {
                    return try await body(cluster)
                } catch {
                    // What the nodes logged tells a slow node from a broken one (why a room
                    // was refused, a lease that lapsed); the processes are gone after this.
                    for (index, node) in cluster.nodes.enumerated() { Issue.record("node \(index) logged:\n\(node.logTail)") }
                    throw error
                }
            }
        }
    }

    /// A node on a port chosen before it starts (its `--node-url` names the port). Another
    /// process may take that port before the node binds it; then the node is started again on
    /// a fresh port, at most three times in all.
    private static func startNode(arguments: (_ port: Int) -> [String]) async throws -> ChildServer {
        var attempt = 1
        while true {
            let port = try NginxProxy.freePort()
            do {
                return try await ChildServer.start(arguments: arguments(port), port: port)
            } catch let error as ChildServerError where error.lostItsPort && attempt < 3 {
                attempt += 1
            }
        }
    }
}
