import GRDB

/// The schema, as versioned GRDB migrations. Migrations only ever get appended: a newer server
/// applies the ones an older file lacks; an older server refuses a file with unknown ones.
/// `docs/storage.md` explains every table.
enum SQLiteMigrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-players-drawings-games", migrate: createInitialSchema)
        migrator.registerMigration("v2-pairs", migrate: SQLitePairSchema.create)
        migrator.registerMigration("v3-notification-outbox", migrate: SQLiteNotificationSchema.create)
        // v4 to v6 are PostgreSQL's alone (the cluster's directory); the identifiers stay shared.
        migrator.registerMigration("v7-moderation", migrate: SQLiteModerationSchema.create)
        migrator.registerMigration("v8-accounts", migrate: SQLiteAccountSchema.create)
        migrator.registerMigration("v9-leaderboard-periods", migrate: SQLiteLeaderboardSchema.create)
        return migrator
    }

    private static func createInitialSchema(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE player (
                    id TEXT NOT NULL PRIMARY KEY,
                    name TEXT NOT NULL,
                    token_hash TEXT UNIQUE,
                    created_at INTEGER NOT NULL,
                    last_seen_at INTEGER NOT NULL,
                    total_score INTEGER NOT NULL DEFAULT 0,
                    games INTEGER NOT NULL DEFAULT 0,
                    wins INTEGER NOT NULL DEFAULT 0
                );
                CREATE INDEX player_leaderboard ON player (total_score DESC, wins DESC, games, id) WHERE games > 0;

                -- Ids of players who deleted themselves: later saves that name them store NULL instead.
                CREATE TABLE deleted_player (
                    id TEXT NOT NULL PRIMARY KEY,
                    deleted_at INTEGER NOT NULL
                ) WITHOUT ROWID;

                -- No foreign key to game: a drawing is saved when its turn ends, its game only when
                -- the game ends (and never when a room empties mid-game). None to player either:
                -- drawer_id becomes NULL when the drawer deletes itself.
                CREATE TABLE drawing (
                    id TEXT NOT NULL PRIMARY KEY,
                    game_id TEXT NOT NULL,
                    room_code TEXT NOT NULL,
                    word TEXT NOT NULL,
                    drawer_id TEXT,
                    drawer_name TEXT,
                    drawer_gained INTEGER NOT NULL,
                    started_at INTEGER NOT NULL,
                    ended_at INTEGER NOT NULL,
                    item_count INTEGER NOT NULL,
                    point_count INTEGER NOT NULL,
                    record BLOB NOT NULL
                );
                CREATE INDEX drawing_by_drawer ON drawing (drawer_id, ended_at DESC, id DESC);
                CREATE INDEX drawing_by_game ON drawing (game_id, started_at);

                CREATE TABLE guess (
                    drawing_id TEXT NOT NULL REFERENCES drawing (id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    player_id TEXT,
                    gained INTEGER NOT NULL,
                    at_ms INTEGER NOT NULL,
                    PRIMARY KEY (drawing_id, position)
                ) WITHOUT ROWID;
                CREATE INDEX guess_by_player ON guess (player_id);

                CREATE TABLE game (
                    id TEXT NOT NULL PRIMARY KEY,
                    room_code TEXT NOT NULL,
                    mode TEXT NOT NULL,
                    reason TEXT NOT NULL,
                    settings TEXT NOT NULL,
                    started_at INTEGER NOT NULL,
                    ended_at INTEGER NOT NULL
                );

                CREATE TABLE game_player (
                    game_id TEXT NOT NULL REFERENCES game (id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    player_id TEXT,
                    name TEXT,
                    score INTEGER NOT NULL,
                    rank INTEGER NOT NULL,
                    PRIMARY KEY (game_id, position)
                ) WITHOUT ROWID;
                CREATE INDEX game_player_by_player ON game_player (player_id);
                """)
    }
}
