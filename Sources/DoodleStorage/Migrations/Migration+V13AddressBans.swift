extension Migration {
    /// Address bans (PROTOCOL.md rev 5): the addresses each player came from (its last 5, for 30
    /// days), so that an operator can ban them with the player, and the banned address blocks.
    /// `address_ban.player_id` names the player whose ban brought the block, so lifting that ban
    /// lifts them too; NULL for a block banned on its own.
    static let v13AddressBans = Migration(
        identifier: "v13-address-bans",
        sqlite: [
            """
            CREATE TABLE player_address (
                player_id TEXT NOT NULL,
                address TEXT NOT NULL,
                last_seen_at INTEGER NOT NULL,
                PRIMARY KEY (player_id, address)
            ) WITHOUT ROWID
            """,
            "CREATE INDEX player_address_by_time ON player_address (last_seen_at)",
            """
            CREATE TABLE address_ban (
                id TEXT NOT NULL PRIMARY KEY,
                prefix TEXT NOT NULL,
                reason TEXT,
                until_at INTEGER,
                banned_at INTEGER NOT NULL,
                player_id TEXT
            )
            """,
            "CREATE INDEX address_ban_by_player ON address_ban (player_id)",
        ],
        postgres: [
            """
            CREATE TABLE player_address (
                player_id TEXT COLLATE "C" NOT NULL,
                address TEXT COLLATE "C" NOT NULL,
                last_seen_at BIGINT NOT NULL,
                PRIMARY KEY (player_id, address)
            )
            """,
            "CREATE INDEX player_address_by_time ON player_address (last_seen_at)",
            """
            CREATE TABLE address_ban (
                id TEXT COLLATE "C" NOT NULL PRIMARY KEY,
                prefix TEXT COLLATE "C" NOT NULL,
                reason TEXT COLLATE "C",
                until_at BIGINT,
                banned_at BIGINT NOT NULL,
                player_id TEXT COLLATE "C"
            )
            """,
            "CREATE INDEX address_ban_by_player ON address_ban (player_id)",
        ])
}
