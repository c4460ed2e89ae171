import DoodleCore

/// Which node of a cluster hosts each live party room, and the seat of each seated player, so
/// that any node can send a client to the right one. Rooms live in one node's memory; the
/// directory only says where.
///
/// Every entry hangs off its node's **lease**: a node registers with a lease, renews it while it
/// runs, and is gone for everyone the moment the lease runs out unrenewed. So a node that dies
/// without a word loses its codes and seats within one lease (``DirectoryLease``), and its codes
/// can be claimed again. Entries of a gone node are not deleted by anyone: lookups ignore them
/// and a claim takes them over, so no sweeper has to run for the directory to be right.
///
/// A node is one process start (``ClusterNode/id`` is fresh each time), so a node that restarts
/// at the same URL does not bring back the rooms it lost. It does end its earlier self's lease
/// at once: a node registering at a URL ends the lease of any other node registered there,
/// since one address is served by one process, and one that starts there finds the last gone
/// (a crashed node started again by its supervisor). Its rooms are adopted then, not a lease
/// later, and a redirect to that address no longer names a node that is not there.
///
/// **Cluster-wide uniqueness of invite codes comes from ``claim(code:for:)``**: it is one atomic
/// step in which exactly one of any number of simultaneous claimers of a code wins, never a
/// lookup followed by an insert.
///
/// Implementations: ``SingleNodeDirectory`` (one process, the default), ``InProcessRoomDirectory``
/// (several nodes in one process, for tests) and ``PostgresRoomDirectory`` (the tables below, in
/// the database the nodes share). All three give the same answers; the in-process one is written
/// to mirror the SQL statement by statement, and `RoomDirectoryTests` runs on both.
///
/// ## The PostgreSQL table (the semantics every implementation follows)
/// Times are the database's own clock (`now()`), so nodes' clocks need not agree.
/// ```sql
/// CREATE TABLE cluster_node (
///     id         text PRIMARY KEY,            -- one per process start
///     url        text NOT NULL,               -- its public ws:// or wss:// address
///     expires_at timestamptz NOT NULL         -- the lease
/// );
/// CREATE TABLE room_directory (
///     code       text PRIMARY KEY,            -- the uniqueness of invite codes
///     node_id    text NOT NULL REFERENCES cluster_node (id) ON DELETE CASCADE,
///     claimed_at timestamptz NOT NULL DEFAULT now()
/// );
/// CREATE TABLE seat_directory (
///     player_id  text PRIMARY KEY,            -- a player holds at most one seat
///     code       text NOT NULL REFERENCES room_directory (code) ON DELETE CASCADE,
///     node_id    text NOT NULL
/// );
/// CREATE INDEX room_directory_node ON room_directory (node_id);  -- releaseAll's cascade
/// CREATE INDEX seat_directory_code ON seat_directory (code);      -- release's cascade
/// ```
/// (Without the second index every release scans all seats: on PostgreSQL 15 here, creating and
/// closing a room went from 210 to 900 a second with 100,000 seats held.)
/// Each operation is one statement (`$lease` is the lease in milliseconds). These were run as
/// written on PostgreSQL 15 against the scenarios of `RoomDirectoryTests`, and 20 concurrent
/// claims of one code from two nodes returned exactly one row:
/// ```sql
/// -- register(node, lease): start (or restart) the node's lease, ending that of an earlier
/// -- node at its URL
/// WITH ended AS (UPDATE cluster_node SET expires_at = now() WHERE url = $2 AND id <> $1 AND expires_at > now())
/// INSERT INTO cluster_node (id, url, expires_at) VALUES ($1, $2, now() + $lease * interval '1 ms')
/// ON CONFLICT (id) DO UPDATE SET url = EXCLUDED.url, expires_at = EXCLUDED.expires_at;
///
/// -- renew(node, lease) -> Bool: true when the lease was still alive (1 row)
/// UPDATE cluster_node SET expires_at = now() + $lease * interval '1 ms'
/// WHERE id = $1 AND expires_at > now();
///
/// -- claim(code, node) -> Bool: true when a row comes back. The insert, or the takeover of a
/// -- code whose node is gone, is atomic: a concurrent claimer waits on the row and then sees it taken.
/// INSERT INTO room_directory AS d (code, node_id)
/// SELECT $1, $2 WHERE EXISTS (SELECT 1 FROM cluster_node WHERE id = $2 AND expires_at > now())
/// ON CONFLICT (code) DO UPDATE SET node_id = EXCLUDED.node_id, claimed_at = now()
///     WHERE NOT EXISTS (SELECT 1 FROM cluster_node n WHERE n.id = d.node_id AND n.expires_at > now())
/// RETURNING node_id;
///
/// -- release(code, node): the room closed (its seats go with it)
/// DELETE FROM room_directory WHERE code = $1 AND node_id = $2;
///
/// -- releaseAll(node): graceful shutdown (codes and seats go with the node)
/// DELETE FROM cluster_node WHERE id = $1;
///
/// -- host(code) -> node?
/// SELECT n.id, n.url FROM room_directory d JOIN cluster_node n ON n.id = d.node_id
/// WHERE d.code = $1 AND n.expires_at > now();
///
/// -- seatTaken(player, code, node): only for a code the node holds
/// INSERT INTO seat_directory (player_id, code, node_id)
/// SELECT $1, $2, $3 WHERE EXISTS (SELECT 1 FROM room_directory WHERE code = $2 AND node_id = $3)
/// ON CONFLICT (player_id) DO UPDATE SET code = EXCLUDED.code, node_id = EXCLUDED.node_id;
///
/// -- seatReleased(player, code, node)
/// DELETE FROM seat_directory WHERE player_id = $1 AND code = $2 AND node_id = $3;
///
/// -- publish(statuses, node): a public room's status, only for a code the node holds
/// INSERT INTO public_room (code, node_id, word_pack, players, seats, max_players, spectators,
///                          phase, round, rounds, locked, late_join, mode)
/// SELECT $1, $2, … WHERE EXISTS (SELECT 1 FROM room_directory WHERE code = $1 AND node_id = $2)
/// ON CONFLICT (code) DO UPDATE SET word_pack = EXCLUDED.word_pack, players = EXCLUDED.players, …
///     WHERE public_room.node_id = EXCLUDED.node_id;          -- opened_at stays
///
/// -- unpublish(code, node): the room turned private (closing it cascades from room_directory)
/// DELETE FROM public_room WHERE code = $1 AND node_id = $2;
///
/// -- publicRooms(wordPack?, phase?, mode?, limit): on live nodes, most players first, then the oldest
/// SELECT p.*, n.url FROM public_room p
/// JOIN room_directory d ON d.code = p.code AND d.node_id = p.node_id
/// JOIN cluster_node n ON n.id = p.node_id
/// WHERE n.expires_at > now() AND ($1 IS NULL OR p.word_pack = $1) AND ($2 IS NULL OR p.phase = $2)
///     AND ($3 IS NULL OR p.mode = $3)
///     AND p.players >= CASE WHEN p.phase = ANY($4) THEN 2 ELSE 1 END  -- $4: a running game's phases
/// ORDER BY p.players DESC, p.opened_at, p.code LIMIT $5;
///
/// -- seat(player) -> (code, node)?: a seat counts only while its node holds the code
/// SELECT s.code, n.id, n.url FROM seat_directory s
/// JOIN room_directory d ON d.code = s.code AND d.node_id = s.node_id
/// JOIN cluster_node n ON n.id = s.node_id
/// WHERE s.player_id = $1 AND n.expires_at > now();
///
/// -- seatWithoutHost(player) -> code?: the seat's node died without a word (its rows outlive
/// -- its lease), so the room waits in its checkpoint for a node to adopt it
/// SELECT s.code FROM seat_directory s JOIN cluster_node n ON n.id = s.node_id
/// WHERE s.player_id = $1 AND n.expires_at <= now();
///
/// -- liveNodeIDs(): whose rooms' checkpoints are not orphans
/// SELECT id FROM cluster_node WHERE expires_at > now();
/// ```
public protocol RoomDirectory: Sendable {
    /// Starts `node`'s lease, or starts it again after it lapsed; the lease of another node at
    /// the same URL ends.
    func register(_ node: ClusterNode, leaseMilliseconds: Int64) async throws

    /// Extends the lease of the node with `nodeID` by a full lease from now.
    /// - Returns: false when the lease had already run out (or the node was never registered):
    ///   nothing is extended then, and the node's codes may belong to others by now.
    func renew(_ nodeID: String, leaseMilliseconds: Int64) async throws -> Bool

    /// Claims `code` for the node with `nodeID`: true when it is now that node's. False when a
    /// live node (this one included) holds it, or this node's own lease is not alive.
    func claim(code: String, for nodeID: String) async throws -> Bool

    /// The room with `code` closed on the node with `nodeID`; its seats go with it. Does nothing
    /// when the code is not that node's.
    func release(code: String, by nodeID: String) async throws

    /// The node is shutting down: its lease, codes and seats go at once.
    func releaseAll(_ nodeID: String) async throws

    /// The live node hosting `code`, or nil when no live node does.
    func host(of code: String) async throws -> ClusterNode?

    /// `player` now holds a seat in the room `code` on the node with `nodeID` (replacing any
    /// seat it held before). Ignored when that node does not hold the code.
    func seatTaken(player: String, code: String, nodeID: String) async throws

    /// `player` no longer holds its seat in `code` on the node with `nodeID`.
    func seatReleased(player: String, code: String, nodeID: String) async throws

    /// Where `player` holds a seat, if it holds one on a live node.
    func seat(of player: String) async throws -> SeatLocation?

    /// The code of the room `player` held a seat in on a node whose lease ran out, if it did:
    /// that room has no host until a live node adopts it from its checkpoint.
    func seatWithoutHost(of player: String) async throws -> String?

    /// Records the status of public rooms the node with `nodeID` hosts (each only while the
    /// node holds its code), and forgets those in `unpublish` (rooms turned private).
    func publish(_ statuses: [PublicRoomStatus], unpublish: [String], by nodeID: String) async throws

    /// Public rooms on live nodes, most connected players first, then the oldest.
    func publicRooms(wordPack: String?, phase: Phase?, mode: RoomMode?, limit: Int) async throws -> [ListedPublicRoom]

    /// The nodes whose lease is alive now: a room checkpointed by any other node has no host
    /// and is for a live node to adopt.
    func liveNodeIDs() async throws -> Set<String>
}

/// A public room as the directory lists it: its status, when it opened, and where it lives.
public struct ListedPublicRoom: Sendable, Equatable {
    public var status: PublicRoomStatus
    /// Milliseconds since 1970, by the directory's clock.
    public var openedAt: Int64
    public var node: ClusterNode

    public init(status: PublicRoomStatus, openedAt: Int64, node: ClusterNode) {
        self.status = status
        self.openedAt = openedAt
        self.node = node
    }
}

/// One node of a cluster, as the directory knows it.
public struct ClusterNode: Sendable, Hashable, Codable {
    /// Fresh for every process start.
    public var id: String
    /// The node's public WebSocket address, where clients are sent.
    public var url: String

    public init(id: String, url: String) {
        self.id = id
        self.url = url
    }
}

/// A seat as the directory knows it: the room's code and the node hosting it.
public struct SeatLocation: Sendable, Equatable {
    public var code: String
    public var node: ClusterNode

    public init(code: String, node: ClusterNode) {
        self.code = code
        self.node = node
    }
}

extension ListedPublicRoom {
    /// The list's and quick play's order: most connected players first, then the oldest.
    public static func listOrder(_ a: ListedPublicRoom, _ b: ListedPublicRoom) -> Bool {
        PublicRoomStatus.comesFirst(a.status, openedAt: a.openedAt, before: b.status, openedAt: b.openedAt)
    }
}

extension RoomDirectory {
    /// Public rooms of every mode.
    public func publicRooms(wordPack: String?, phase: Phase?, limit: Int) async throws -> [ListedPublicRoom] {
        try await publicRooms(wordPack: wordPack, phase: phase, mode: nil, limit: limit)
    }
}
