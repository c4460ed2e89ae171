import DoodleCore
import Foundation

extension Migration {
    /// Accounts' tables (docs/storage.md, "Accounts and devices"): every player's devices with
    /// their tokens, the identities and email logins that sign a player in on a new device, failed
    /// logins, and one-use link codes. Then every player's token moves into a device of its own,
    /// so every token handed out before keeps working: PostgreSQL draws each device id in SQL and
    /// drops `player.token_hash`; SQLite cannot drop a UNIQUE column, so there the ids are drawn
    /// in Swift and the column stays, always NULL, read and written by nothing.
    static let v8Accounts = Migration(
        identifier: "v8-accounts",
        sqlite: [
            """
            -- Every table here names its player by a foreign key without a cascade: deleting a
            -- player removes these rows itself first, and a row can never outlive its player.

            -- One row per device of a player, each with a token of its own (its SHA-256 hash).
            -- Tokens resolve only here; removing the row ends the token at once.
            CREATE TABLE device (
                id TEXT NOT NULL PRIMARY KEY,
                player_id TEXT NOT NULL REFERENCES player (id),
                token_hash TEXT NOT NULL UNIQUE,
                label TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                last_seen_at INTEGER NOT NULL
            );
            -- A player's devices, oldest first.
            CREATE INDEX device_by_player ON device (player_id, created_at, id);

            -- An identity an OpenID Connect provider vouches for, (issuer, subject), and its player.
            -- email is what the provider said, shown to the player only.
            CREATE TABLE account_identity (
                issuer TEXT NOT NULL,
                subject TEXT NOT NULL,
                provider TEXT NOT NULL,
                player_id TEXT NOT NULL REFERENCES player (id),
                email TEXT,
                created_at INTEGER NOT NULL,
                PRIMARY KEY (issuer, subject)
            ) WITHOUT ROWID;
            CREATE INDEX account_identity_by_player ON account_identity (player_id, created_at);

            -- An email address's login: its player and the password's bcrypt hash.
            CREATE TABLE password_login (
                email TEXT NOT NULL PRIMARY KEY,
                player_id TEXT NOT NULL REFERENCES player (id),
                password_hash TEXT NOT NULL,
                created_at INTEGER NOT NULL
            ) WITHOUT ROWID;
            CREATE INDEX password_login_by_player ON password_login (player_id, created_at);

            -- Failed logins per email address (known or not), for the lockout; rows older than
            -- the window are removed whenever a new one is recorded.
            CREATE TABLE login_failure (
                email TEXT NOT NULL,
                failed_at INTEGER NOT NULL
            );
            CREATE INDEX login_failure_by_email ON login_failure (email, failed_at);
            CREATE INDEX login_failure_by_time ON login_failure (failed_at);

            -- A one-use link code (its SHA-256 hash): spent, it is deleted; expired, it is
            -- removed when the next code is made.
            CREATE TABLE link_code (
                code_hash TEXT NOT NULL PRIMARY KEY,
                player_id TEXT NOT NULL REFERENCES player (id),
                expires_at INTEGER NOT NULL
            ) WITHOUT ROWID;
            CREATE INDEX link_code_by_player ON link_code (player_id);
            CREATE INDEX link_code_by_expiry ON link_code (expires_at);
            """,
            .code(moveTokensToDevices),
        ],
        postgres: [
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
            "ALTER TABLE player DROP COLUMN token_hash"
        ])

    /// Every player's token becomes its first device, seen when the player was last seen.
    private static func moveTokensToDevices(_ session: SQLSession) throws {
        var generator = SystemRandomNumberGenerator()
        for player in try session.rows("SELECT id, token_hash, created_at, last_seen_at FROM player WHERE token_hash IS NOT NULL") {
            let deviceId = OpaqueID.make(prefix: "d_", using: &generator)
            let playerId: String = try player("id")
            let tokenHash: String = try player("token_hash")
            let createdAt: Int64 = try player("created_at")
            let lastSeenAt: Int64 = try player("last_seen_at")
            try session.execute(
                """
                INSERT INTO device (id, player_id, token_hash, label, created_at, last_seen_at)
                VALUES (\(deviceId), \(playerId), \(tokenHash), \(AccountColumns.migratedDeviceLabel), \(createdAt), \(lastSeenAt))
                """)
        }
        try session.execute("UPDATE player SET token_hash = NULL WHERE token_hash IS NOT NULL")
    }
}
