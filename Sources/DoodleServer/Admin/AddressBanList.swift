import DoodleCore
import DoodleStorage
import Logging
import ServiceLifecycle
import Synchronization

/// The address bans in force (PROTOCOL.md rev 5, "Address bans"), held in memory: every `hello`
/// and every API call is checked against them, which a query each would make the database's
/// busiest work. Read again from storage every `refreshInterval`, so that a ban made on another
/// node of a cluster holds here within it, and at once after a change made on this node. A ban
/// first seen here closes this node's connections from its block with 4004, as a player's ban
/// closes the player's.
final class AddressBanList: Service, Sendable {
    static let refreshInterval: Duration = .seconds(5)

    private let bans = Mutex<[AddressBan]>([])
    private let store: any ModerationStore
    private let connections: LiveConnections
    private let clock: any GameClock
    private let logger: Logger

    init(store: any ModerationStore, connections: LiveConnections, clock: any GameClock, logger: Logger) {
        self.store = store
        self.connections = connections
        self.clock = clock
        self.logger = logger
    }

    /// The newest ban in force whose block holds `address`, if any.
    func ban(of address: String) -> AddressBan? {
        let now = clock.nowMillis()
        return bans.withLock { bans in bans.first { ban in (ban.untilMillis ?? .max) > now && ban.prefix.contains(address) } }
    }

    /// Reads the bans in force again. An unreadable database keeps the list it had: an outage
    /// neither lifts every ban nor shuts anyone out, and the error is logged.
    func refresh() async {
        do {
            let fresh = try await store.addressBans(now: clock.nowMillis())
            let added = bans.withLock { bans in
                let known = Set(bans.map(\.id))
                bans = fresh
                return fresh.filter { !known.contains($0.id) }
            }
            for ban in added {
                let closed = connections.close(from: ban.prefix, .banned, reason: "address banned by an operator")
                if closed > 0 { logger.info("closed connections of a banned address block", metadata: ["prefix": "\(ban.prefix)", "closed": "\(closed)"]) }
            }
        } catch {
            logger.error("reading the address bans failed", metadata: ["error": "\(error)"])
        }
    }

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await self.refresh()
                try? await Task.sleep(for: Self.refreshInterval)
            }
        }
    }
}
