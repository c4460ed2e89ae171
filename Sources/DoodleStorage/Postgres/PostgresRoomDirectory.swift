import DoodleCore
import PostgresNIO

/// ``RoomDirectory`` on the PostgreSQL database the nodes of a cluster share: each operation is
/// the one statement ``RoomDirectory``'s documentation gives, run on its own (so in its own
/// transaction) on a pooled connection. Leases are timed by the database's `now()`.
public struct PostgresRoomDirectory: RoomDirectory {
    private let database: PostgreSQLDatabase

    public init(database: PostgreSQLDatabase) {
        self.database = database
    }

    public func register(_ node: ClusterNode, leaseMilliseconds: Int64) async throws {
        try await run("registering node \(node.id)") { session in
            try await session.execute(
                """
                WITH ended AS (
                    UPDATE cluster_node SET expires_at = now() WHERE url = \(node.url) AND id <> \(node.id) AND expires_at > now()
                )
                INSERT INTO cluster_node (id, url, expires_at) VALUES (\(node.id), \(node.url), now() + \(leaseMilliseconds) * interval '1 ms')
                ON CONFLICT (id) DO UPDATE SET url = EXCLUDED.url, expires_at = EXCLUDED.expires_at
                """)
        }
    }

    public func renew(_ nodeID: String, leaseMilliseconds: Int64) async throws -> Bool {
        try await run("renewing the lease of node \(nodeID)") { session in
            try await session.value(
                """
                UPDATE cluster_node SET expires_at = now() + \(leaseMilliseconds) * interval '1 ms'
                WHERE id = \(nodeID) AND expires_at > now() RETURNING true
                """, as: Bool.self) != nil
        }
    }

    public func claim(code: String, for nodeID: String) async throws -> Bool {
        try await run("claiming room code \(code)") { session in
            try await session.value(
                """
                INSERT INTO room_directory AS d (code, node_id)
                SELECT \(code), \(nodeID) WHERE EXISTS (SELECT 1 FROM cluster_node WHERE id = \(nodeID) AND expires_at > now())
                ON CONFLICT (code) DO UPDATE SET node_id = EXCLUDED.node_id, claimed_at = now()
                    WHERE NOT EXISTS (SELECT 1 FROM cluster_node n WHERE n.id = d.node_id AND n.expires_at > now())
                RETURNING node_id
                """, as: String.self) != nil
        }
    }

    public func release(code: String, by nodeID: String) async throws {
        try await run("releasing room code \(code)") { session in
            try await session.execute("DELETE FROM room_directory WHERE code = \(code) AND node_id = \(nodeID)")
        }
    }

    public func releaseAll(_ nodeID: String) async throws {
        try await run("releasing every room of node \(nodeID)") { session in
            try await session.execute("DELETE FROM cluster_node WHERE id = \(nodeID)")
        }
    }

    public func liveNodeIDs() async throws -> Set<String> {
        try await run("listing the live nodes") { session in
            Set(try await session.rows("SELECT id FROM cluster_node WHERE expires_at > now()").map { row in try row("id", as: String.self) })
        }
    }

    public func host(of code: String) async throws -> ClusterNode? {
        try await run("looking up room code \(code)") { session in
            try await session.row(
                """
                SELECT n.id, n.url FROM room_directory d JOIN cluster_node n ON n.id = d.node_id
                WHERE d.code = \(code) AND n.expires_at > now()
                """
            ).map { row in ClusterNode(id: try row("id"), url: try row("url")) }
        }
    }

    public func seatTaken(player: String, code: String, nodeID: String) async throws {
        try await run("recording the seat of \(player)") { session in
            try await session.execute(
                """
                INSERT INTO seat_directory (player_id, code, node_id)
                SELECT \(player), \(code), \(nodeID) WHERE EXISTS (SELECT 1 FROM room_directory WHERE code = \(code) AND node_id = \(nodeID))
                ON CONFLICT (player_id) DO UPDATE SET code = EXCLUDED.code, node_id = EXCLUDED.node_id
                """)
        }
    }

    public func seatReleased(player: String, code: String, nodeID: String) async throws {
        try await run("forgetting the seat of \(player)") { session in
            try await session.execute(
                "DELETE FROM seat_directory WHERE player_id = \(player) AND code = \(code) AND node_id = \(nodeID)")
        }
    }

    public func seat(of player: String) async throws -> SeatLocation? {
        try await run("looking up the seat of \(player)") { session in
            try await session.row(
                """
                SELECT s.code, n.id, n.url FROM seat_directory s
                JOIN room_directory d ON d.code = s.code AND d.node_id = s.node_id
                JOIN cluster_node n ON n.id = s.node_id
                WHERE s.player_id = \(player) AND n.expires_at > now()
                """
            ).map { row in SeatLocation(code: try row("code"), node: ClusterNode(id: try row("id"), url: try row("url"))) }
        }
    }

    public func seatWithoutHost(of player: String) async throws -> String? {
        try await run("looking up the hostless seat of \(player)") { session in
            try await session.value(
                """
                SELECT s.code FROM seat_directory s JOIN cluster_node n ON n.id = s.node_id
                WHERE s.player_id = \(player) AND n.expires_at <= now()
                """, as: String.self)
        }
    }

    public func publish(_ statuses: [PublicRoomStatus], unpublish: [String], by nodeID: String) async throws {
        guard !statuses.isEmpty || !unpublish.isEmpty else { return }
        // One transaction a batch: a flush costs one round of statements, not one per room.
        try await write("publishing \(statuses.count) public rooms") { session in
            for status in statuses {
                try await session.execute(
                    """
                    INSERT INTO public_room (code, node_id, word_pack, players, seats, max_players, spectators, phase, round, rounds, locked, late_join,
                        mode)
                    SELECT \(status.code), \(nodeID), \(status.wordPack), \(status.players), \(status.seats), \(status.maxPlayers),
                        \(status.spectators), \(status.phase.rawValue), \(status.round), \(status.rounds), \(status.locked), \(status.lateJoin),
                        \(status.mode.rawValue)
                    WHERE EXISTS (SELECT 1 FROM room_directory WHERE code = \(status.code) AND node_id = \(nodeID))
                    ON CONFLICT (code) DO UPDATE SET word_pack = EXCLUDED.word_pack, players = EXCLUDED.players, seats = EXCLUDED.seats,
                        max_players = EXCLUDED.max_players, spectators = EXCLUDED.spectators, phase = EXCLUDED.phase,
                        round = EXCLUDED.round, rounds = EXCLUDED.rounds, locked = EXCLUDED.locked, late_join = EXCLUDED.late_join,
                        mode = EXCLUDED.mode
                        WHERE public_room.node_id = EXCLUDED.node_id
                    """)
            }
            for code in unpublish {
                try await session.execute("DELETE FROM public_room WHERE code = \(code) AND node_id = \(nodeID)")
            }
        }
    }

    public func publicRooms(wordPack: String?, phase: Phase?, mode: RoomMode?, limit: Int) async throws -> [ListedPublicRoom] {
        try await run("listing public rooms") { session in
            try await session.rows(
                """
                SELECT p.code, p.word_pack, p.players, p.seats, p.max_players, p.spectators, p.phase, p.round, p.rounds, p.locked,
                    p.late_join, p.mode, (extract(epoch FROM p.opened_at) * 1000)::bigint AS opened_at, n.id, n.url
                FROM public_room p
                JOIN room_directory d ON d.code = p.code AND d.node_id = p.node_id
                JOIN cluster_node n ON n.id = p.node_id
                WHERE n.expires_at > now() AND (\(wordPack)::text IS NULL OR p.word_pack = \(wordPack))
                    AND p.players >= CASE WHEN p.phase = ANY(\(Self.runningPhases)) THEN 2 ELSE 1 END
                    AND (\(phase?.rawValue)::text IS NULL OR p.phase = \(phase?.rawValue))
                    AND (\(mode?.rawValue)::text IS NULL OR p.mode = \(mode?.rawValue))
                ORDER BY p.players DESC, p.opened_at, p.code LIMIT \(limit)
                """
            ).compactMap { row in
                let phaseText: String = try row("phase")
                // A room of a mode this node does not know (a newer node's) is no room its players can join.
                guard let mode = RoomMode(rawValue: try row("mode")) else { return nil }
                let status = PublicRoomStatus(
                    code: try row("code"), wordPack: try row("word_pack"), isPublic: true, players: try row("players"),
                    seats: try row("seats"), maxPlayers: try row("max_players"), spectators: try row("spectators"),
                    phase: Phase(rawValue: phaseText) ?? .lobby, round: try row("round"), rounds: try row("rounds"),
                    locked: try row("locked"), lateJoin: try row("late_join"), mode: mode)
                return ListedPublicRoom(
                    status: status, openedAt: try row("opened_at"), node: ClusterNode(id: try row("id"), url: try row("url")))
            }
        }
    }

    /// The phases of a running game (party turns, telephone steps and reveal), in which
    /// `PublicRoomStatus.gameCanGoOn` wants two players connected: read from it, so that the
    /// list of other nodes' rooms and this node's own agree on every phase.
    private static let runningPhases = Phase.allCases.filter { PublicRoomStatus.playersToGoOn(in: $0) == 2 }.map(\.rawValue)

    /// Runs statements in one transaction on a pooled connection, with `run`'s failure wording.
    private func write(_ doing: String, _ body: (PostgresSession) async throws -> Void) async throws {
        do {
            try await database.clusterTransaction(body)
        } catch {
            throw PostgresFailure(error, while: doing)
        }
    }

    /// Runs one statement on a pooled connection; a failure says which operation failed and
    /// why, in the server's words (the caller logs it or answers `internal`).
    private func run<T: Sendable>(_ doing: String, _ body: (PostgresSession) async throws -> T) async throws -> T {
        do {
            return try await database.clusterRead(body)
        } catch {
            throw PostgresFailure(error, while: doing)
        }
    }
}
