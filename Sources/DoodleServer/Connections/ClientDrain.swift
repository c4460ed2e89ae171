import DoodleCore
import Logging
import ServiceLifecycle

/// On graceful shutdown: stop the rooms (each writes its last checkpoint and takes nothing more,
/// so that the disconnects the closes cause end no turn), then tell every client to come back
/// later (close 4001), and give the closes a moment to go out before the HTTP server stops.
struct ClientDrain: Service, CustomStringConvertible {
    var description: String { "ClientDrain" }

    /// A client that never answers its close must not hold up the shutdown: past this the
    /// HTTP server stops anyway (docs/reliability.md counts it in the exit bound).
    static let timeLimit = Duration.seconds(5)

    let connections: LiveConnections
    /// Run before any client is closed: whatever a client was told is then in a checkpoint.
    var beforeClosing: @Sendable () async -> Void = {}
    let logger: Logger

    func run() async throws {
        try? await gracefulShutdown()
        await beforeClosing()
        let open = connections.count
        logger.info("shutting down: closing \(open) connections")
        connections.closeAll(.shuttingDown, reason: "server shutting down; reconnect later with your token")
        if await !allClosed(within: Self.timeLimit) {
            logger.info("shutting down: \(connections.count) connections still open after \(Self.timeLimit)")
        }
    }

    /// Whether the last connection closed before `limit` was up.
    private func allClosed(within limit: Duration) async -> Bool {
        await withTaskGroup(of: Bool.self) { race in
            race.addTask { [connections] in
                await connections.waitUntilAllClosed()
                return !Task.isCancelled
            }
            race.addTask {
                try? await Task.sleep(for: limit)
                return false
            }
            defer { race.cancelAll() }
            return await race.next() ?? false
        }
    }
}
