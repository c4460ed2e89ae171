import DoodleCore

/// The addresses a player came from: what an operator's ban with `"addresses":true` bans too.
/// A player's newest `kept` addresses of the last `keptMillis` are kept, and no more: each save
/// drops what falls outside either bound.
enum PlayerAddressTable {
    static let kept = 5
    static let keptMillis: Int64 = 30 * 24 * 60 * 60 * 1000

    static func record(_ address: String, of player: PlayerID, at now: Int64, in session: SQLSession) throws {
        try session.execute(
            """
            INSERT INTO player_address (player_id, address, last_seen_at) VALUES (\(player), \(address), \(now))
            ON CONFLICT (player_id, address) DO UPDATE SET last_seen_at = \(.greatest)(player_address.last_seen_at, excluded.last_seen_at)
            """)
        try session.execute(
            """
            DELETE FROM player_address WHERE player_id = \(player) AND (last_seen_at < \(now - keptMillis) OR address NOT IN (
                SELECT address FROM player_address WHERE player_id = \(player) ORDER BY last_seen_at DESC, address LIMIT \(kept)))
            """)
    }

    /// The player's kept addresses seen since `now - keptMillis`, newest first.
    static func recent(of player: PlayerID, now: Int64, in session: SQLSession) throws -> [String] {
        try session.rows(
            """
            SELECT address FROM player_address WHERE player_id = \(player) AND last_seen_at >= \(now - keptMillis)
            ORDER BY last_seen_at DESC, address LIMIT \(kept)
            """
        ).map { try $0("address") }
    }
}
