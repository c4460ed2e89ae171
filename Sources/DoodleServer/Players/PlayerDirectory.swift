import Crypto
import DoodleCore
import DoodleStorage
import Foundation

/// Who is who: players by token, the connection each is using now, and the room each holds a
/// seat in. Only a hash of each token is kept.
actor PlayerDirectory {
    struct Player: Sendable {
        var id: PlayerID
        var name: String
        /// The one the player chose; nil for the one derived from its id.
        var avatar: Avatar?
    }

    /// A cache in front of the store: players with a live connection or a seat. The store
    /// answers for everyone else, so the cache stays as small as the active population.
    private var playersByTokenHash: [String: Player] = [:]
    /// The token hash of each cached player's newest `hello`: the one its live connection, if
    /// any, was made with.
    private var tokenHashes: [PlayerID: String] = [:]
    private var connections: [PlayerID: OutboundQueue] = [:]
    /// When each connection in `connections` said `hello` (the clock of `hello(…at:)`).
    private var connectedAt: [PlayerID: Int64] = [:]
    private var seats: [PlayerID: String] = [:]
    /// Counts `revoke` calls, so a store read that a revocation overtook is read again.
    private var revocations: UInt64 = 0
    private let store: (any PlayerRecords)?

    init(store: (any PlayerRecords)? = nil) {
        self.store = store
    }

    struct Session: Sendable {
        var player: Player
        var token: String
        /// The room this player still holds a seat in, if any.
        var roomCode: String?
    }

    enum Hello: Sendable {
        case welcomed(Session)
        /// The token is a banned player's: it is not renamed and keeps no connection here.
        case banned(PlayerBan)
    }

    /// Resolves `hello`: a known token resumes its player (renamed to `name`), anything else
    /// creates a new player, whose first device is saved as `deviceLabel`. A previous connection
    /// of the same player, made with any of its devices' tokens, is closed with 4002.
    ///
    /// A known player's connection is registered before its ban is looked up: a ban stored
    /// before the lookup is found by it, and one stored after is enforced on this connection
    /// (`whereabouts`), so no connection of a banned player outlives its ban. Likewise for a
    /// device revoked meanwhile (`revoke`).
    /// - Parameter avatar: nil keeps the one a known player chose before.
    func hello(
        name: String, avatar: Avatar? = nil, token: String?, queue: OutboundQueue, at now: Int64 = 0, deviceLabel: String = DeviceLabel.firstDevice,
        address: String? = nil
    ) async -> Hello {
        var player: Player
        var token = token ?? ""
        var hash = Self.hash(token)
        let known = token.isEmpty ? nil : await lookup(hash: hash)
        if let known {
            player = known
        } else {
            token = Self.makeToken()
            hash = Self.hash(token)
            var generator = SystemRandomNumberGenerator()
            player = Player(id: OpaqueID.make(prefix: "p_", using: &generator), name: name, avatar: nil)
        }
        // The cache keeps the token of the player's newest connection; one of another device
        // goes (the store still knows it), so a revoked one is never left behind here.
        if let previousHash = tokenHashes[player.id], previousHash != hash { playersByTokenHash[previousHash] = nil }
        tokenHashes[player.id] = hash
        if let previous = connections[player.id], previous.id != queue.id {
            previous.close(.replaced, reason: "replaced by a newer connection")
        }
        connections[player.id] = queue
        connectedAt[player.id] = now
        player.name = name
        if let avatar { player.avatar = avatar }
        // Cached before the ban lookup suspends, so that a revocation arriving meanwhile finds
        // and removes it.
        playersByTokenHash[hash] = player
        if known != nil, let ban = await store?.activeBan(of: player.id, at: now) {
            connectionEnded(player.id, queueID: queue.id)
            return .banned(ban)
        }
        await store?.saveSession(player, tokenHash: hash, newDeviceLabel: known == nil ? deviceLabel : nil, address: address)
        return .welcomed(Session(player: player, token: token, roomCode: seats[player.id]))
    }

    /// The player of a token's hash, from the cache or the store. A revocation that lands while
    /// the store is read may have been committed before the read began: the store is then read
    /// again (a revocation is committed before it is announced), so a revoked token is not
    /// taken for a live one.
    private func lookup(hash: String) async -> Player? {
        if let player = playersByTokenHash[hash] { return player }
        guard let store else { return nil }
        let revocationsBefore = revocations
        var stored = await store.player(tokenHash: hash)
        if stored != nil, revocations != revocationsBefore { stored = await store.player(tokenHash: hash) }
        return stored
    }

    /// Stores the player's new name and avatar (the session's `Player` after a `rename`).
    func rename(_ player: Player, tokenHashOf token: String) async {
        let hash = Self.hash(token)
        playersByTokenHash[hash] = player
        await store?.saveSession(player, tokenHash: hash, newDeviceLabel: nil, address: nil)
    }

    /// One of `player`'s devices was removed (its deletion is stored), here or on another node:
    /// its token no longer resumes the player from this cache, and the connection that said
    /// `hello` with it closes with 4002. The player's other devices are untouched, a connection
    /// made with one of them included.
    ///
    /// - Returns: whether a connection was closed.
    @discardableResult
    func revoke(tokenHash hash: String, of player: PlayerID) -> Bool {
        revocations &+= 1
        playersByTokenHash[hash] = nil
        guard tokenHashes[player] == hash, let connection = connections[player] else { return false }
        connection.close(.replaced, reason: "this device was signed out")
        return true
    }

    /// After `DELETE /v1/me`: the player's tokens no longer resume it, here or from storage.
    func forget(_ player: PlayerID) {
        playersByTokenHash = playersByTokenHash.filter { $0.value.id != player }
        tokenHashes[player] = nil
    }

    /// `player` said `hello` on another node of the cluster at `at`: its connection here, if it
    /// began before, is replaced (4002), as a second connection on this node would replace it.
    func connectedElsewhere(_ player: PlayerID, at: Int64) {
        guard let connection = connections[player], let since = connectedAt[player], since <= at else { return }
        connection.close(.replaced, reason: "replaced by a newer connection")
    }

    /// Where `player` is on this node: its live connection, and the room it holds a seat in
    /// (or watches), either of them nil. For a ban, which ends both.
    func whereabouts(of player: PlayerID) -> (connection: OutboundQueue?, room: String?) {
        (connections[player], seats[player])
    }

    func connectionEnded(_ player: PlayerID, queueID: UInt64) {
        if connections[player]?.id == queueID {
            connections[player] = nil
            connectedAt[player] = nil
        }
        evictIfInactive(player)
    }

    func seatTaken(_ player: PlayerID, room code: String) {
        seats[player] = code
    }

    func seatReleased(_ player: PlayerID, room code: String) {
        if seats[player] == code { seats[player] = nil }
        evictIfInactive(player)
    }

    /// Drops a player from the cache once it has neither a connection nor a seat; only with a
    /// store to find it again later.
    private func evictIfInactive(_ player: PlayerID) {
        guard store != nil, connections[player] == nil, seats[player] == nil, let hash = tokenHashes[player] else { return }
        playersByTokenHash[hash] = nil
        tokenHashes[player] = nil
    }

    /// The token's SHA-256 in lower-case hex. Every authenticated HTTP request computes it, so
    /// the hex is written from a table: `String(format:)` per byte cost more than the hash.
    static func hash(_ token: String) -> String {
        var hex: [UInt8] = []
        hex.reserveCapacity(2 * SHA256.byteCount)
        for byte in SHA256.hash(data: Data(token.utf8)) {
            hex.append(hexDigits[Int(byte >> 4)])
            hex.append(hexDigits[Int(byte & 0x0f)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static let tokenAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    /// A secret token: 43 URL-safe characters (258 bits) from the system's generator.
    static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<43).map { _ in tokenAlphabet.randomElement(using: &generator) ?? "a" })
    }
}

/// Durable player records. The directory works without them.
protocol PlayerRecords: Sendable {
    func player(tokenHash: String) async -> PlayerDirectory.Player?
    /// Records a `hello` or rename; `newDeviceLabel` only at a new player's first `hello`, whose
    /// save creates its first device.
    /// `address`: where the connection came from, remembered for address bans (nil: not known).
    func saveSession(_ player: PlayerDirectory.Player, tokenHash: String, newDeviceLabel: String?, address: String?) async
    /// The operator's ban of the player in force at `now`, if any.
    func activeBan(of player: PlayerID, at now: Int64) async -> PlayerBan?
}
