extension PostgresSchema {
    /// `SQLiteAccountSchema` in PostgreSQL's dialect: devices, identities, email logins, failed
    /// logins and link codes, under the same names; then every player's token moves into a device
    /// of its own, and `player.token_hash` is dropped (SQLite cannot drop it and leaves it NULL).
    static let accounts = [
        """
        CREATE TABLE device (
            id TEXT COLLATE "C" NOT NULL PRIMARY KEY,
            player_id TEXT COLLATE "C" NOT NULL REFERENCES player (id),
            token_hash TEXT COLLATE "C" NOT NULL UNIQUE,
            label TEXT COLLATE "C" NOT NULL,
            created_at BIGINT NOT NULL,
            last_seen_at BIGINT NOT NULL
        )
        """,
        "CREATE INDEX device_by_player ON device (player_id, created_at, id)",
        """
        CREATE TABLE account_identity (
            issuer TEXT COLLATE "C" NOT NULL,
            subject TEXT COLLATE "C" NOT NULL,
            provider TEXT COLLATE "C" NOT NULL,
            player_id TEXT COLLATE "C" NOT NULL REFERENCES player (id),
            email TEXT COLLATE "C",
            created_at BIGINT NOT NULL,
            PRIMARY KEY (issuer, subject)
        )
        """,
        "CREATE INDEX account_identity_by_player ON account_identity (player_id, created_at)",
        """
        CREATE TABLE password_login (
            email TEXT COLLATE "C" NOT NULL PRIMARY KEY,
            player_id TEXT COLLATE "C" NOT NULL REFERENCES player (id),
            password_hash TEXT COLLATE "C" NOT NULL,
            created_at BIGINT NOT NULL
        )
        """,
        "CREATE INDEX password_login_by_player ON password_login (player_id, created_at)",
        """
        CREATE TABLE login_failure (
            email TEXT COLLATE "C" NOT NULL,
            failed_at BIGINT NOT NULL
        )
        """,
        "CREATE INDEX login_failure_by_email ON login_failure (email, failed_at)",
        "CREATE INDEX login_failure_by_time ON login_failure (failed_at)",
        """
        CREATE TABLE link_code (
            code_hash TEXT COLLATE "C" NOT NULL PRIMARY KEY,
            player_id TEXT COLLATE "C" NOT NULL REFERENCES player (id),
            expires_at BIGINT NOT NULL
        )
        """,
        "CREATE INDEX link_code_by_player ON link_code (player_id)",
        "CREATE INDEX link_code_by_expiry ON link_code (expires_at)",
        // Each player's device id is drawn as `OpaqueID` draws one: `d_` and 16 letters of its
        // alphabet. The subquery names the player so it runs once per row, not once for all.
        """
        INSERT INTO device (id, player_id, token_hash, label, created_at, last_seen_at)
        SELECT (
                SELECT 'd_' || string_agg(substr('abcdefghijkmnpqrstuvwxyz23456789', 1 + floor(random() * 32)::int, 1), '')
                FROM generate_series(1, 16) WHERE player.id IS NOT NULL
            ),
            id, token_hash, '\(AccountColumns.migratedDeviceLabel)', created_at, last_seen_at
        FROM player WHERE token_hash IS NOT NULL
        """,
        "ALTER TABLE player DROP COLUMN token_hash",
    ]
}
