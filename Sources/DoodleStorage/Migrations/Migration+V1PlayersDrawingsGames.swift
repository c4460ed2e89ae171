extension Migration {
    /// The first schema: players with their all-time totals, the ids of players who deleted
    /// themselves, finished drawings with their guesses, and finished games with their rankings.
    static let v1PlayersDrawingsGames = Migration(
        identifier: "v1-players-drawings-games",
        sqlite: [
            """
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
            """
        ],
        postgres: [
            """
            CREATE TABLE player (
                id TEXT COLLATE "C" NOT NULL PRIMARY KEY,
                name TEXT COLLATE "C" NOT NULL,
                token_hash TEXT COLLATE "C" UNIQUE,
                created_at BIGINT NOT NULL,
                last_seen_at BIGINT NOT NULL,
                total_score BIGINT NOT NULL DEFAULT 0,
                games BIGINT NOT NULL DEFAULT 0,
                wins BIGINT NOT NULL DEFAULT 0
            )
            """,
            "CREATE INDEX player_leaderboard ON player (total_score DESC, wins DESC, games, id) WHERE games > 0",
            """
            CREATE TABLE deleted_player (
                id TEXT COLLATE "C" NOT NULL PRIMARY KEY,
                deleted_at BIGINT NOT NULL
            )
            """,
            """
            CREATE TABLE drawing (
                id TEXT COLLATE "C" NOT NULL PRIMARY KEY,
                game_id TEXT COLLATE "C" NOT NULL,
                room_code TEXT COLLATE "C" NOT NULL,
                word TEXT COLLATE "C" NOT NULL,
                drawer_id TEXT COLLATE "C",
                drawer_name TEXT COLLATE "C",
                drawer_gained BIGINT NOT NULL,
                started_at BIGINT NOT NULL,
                ended_at BIGINT NOT NULL,
                item_count BIGINT NOT NULL,
                point_count BIGINT NOT NULL,
                record BYTEA NOT NULL
            )
            """,
            "CREATE INDEX drawing_by_drawer ON drawing (drawer_id, ended_at DESC, id DESC)",
            "CREATE INDEX drawing_by_game ON drawing (game_id, started_at)",
            """
            CREATE TABLE guess (
                drawing_id TEXT COLLATE "C" NOT NULL REFERENCES drawing (id) ON DELETE CASCADE,
                position BIGINT NOT NULL,
                player_id TEXT COLLATE "C",
                gained BIGINT NOT NULL,
                at_ms BIGINT NOT NULL,
                PRIMARY KEY (drawing_id, position)
            )
            """,
            "CREATE INDEX guess_by_player ON guess (player_id)",
            """
            CREATE TABLE game (
                id TEXT COLLATE "C" NOT NULL PRIMARY KEY,
                room_code TEXT COLLATE "C" NOT NULL,
                mode TEXT COLLATE "C" NOT NULL,
                reason TEXT COLLATE "C" NOT NULL,
                settings TEXT COLLATE "C" NOT NULL,
                started_at BIGINT NOT NULL,
                ended_at BIGINT NOT NULL
            )
            """,
            """
            CREATE TABLE game_player (
                game_id TEXT COLLATE "C" NOT NULL REFERENCES game (id) ON DELETE CASCADE,
                position BIGINT NOT NULL,
                player_id TEXT COLLATE "C",
                name TEXT COLLATE "C",
                score BIGINT NOT NULL,
                rank BIGINT NOT NULL,
                PRIMARY KEY (game_id, position)
            )
            """,
            "CREATE INDEX game_player_by_player ON game_player (player_id)"
        ])
}
