import DoodleCore
import GRDB

/// Accounts' tables (docs/storage.md, "Accounts and devices"): every player's devices with their
/// tokens, the identities and email logins that sign a player in on a new device, failed logins,
/// and one-use link codes. The migration also moves every player's token into a device of its own.
enum SQLiteAccountSchema {
    static func create(_ db: Database) throws {
        try db.execute(
            sql: """
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
                """)
        try moveTokensToDevices(db)
    }

    /// Every player's token becomes its first device, seen when the player was last seen, so
    /// every token handed out before keeps working.
    private static func moveTokensToDevices(_ db: Database) throws {
        let insert = try db.makeStatement(
            sql: """
                INSERT INTO device (id, player_id, token_hash, label, created_at, last_seen_at)
                VALUES (?, ?, ?, ?, ?, ?)
                """)
        var generator = SystemRandomNumberGenerator()
        let players = try Row.fetchCursor(db, sql: "SELECT id, token_hash, created_at, last_seen_at FROM player WHERE token_hash IS NOT NULL")
        while let player = try players.next() {
            let deviceId = OpaqueID.make(prefix: "d_", using: &generator)
            try insert.execute(arguments: [
                deviceId, player["id"] as String, player["token_hash"] as String, AccountColumns.migratedDeviceLabel, player["created_at"] as Int64,
                player["last_seen_at"] as Int64,
            ])
        }
        // player.token_hash is retired: SQLite cannot drop a UNIQUE column, so it stays, always
        // NULL, and nothing reads or writes it any more.
        try db.execute(sql: "UPDATE player SET token_hash = NULL WHERE token_hash IS NOT NULL")
    }
}
