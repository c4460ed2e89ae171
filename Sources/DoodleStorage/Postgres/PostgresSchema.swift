/// The schema of `ArchiveMigrations`, `PairSchema` and `NotificationSchema` in PostgreSQL's
/// dialect: the same tables, columns, keys, constraints and indexes under the same names
/// (docs/storage.md explains each). What differs:
///
/// - Integers are `BIGINT` (times are milliseconds since 1970; SQLite's INTEGER is 64-bit too),
///   stroke records `BYTEA`.
/// - Every text column is `COLLATE "C"`: strings compare byte by byte as in SQLite, so ids order
///   the same and keyset pages (`(ended_at, id) < (?, ?)`) are identical on both back ends,
///   whatever the cluster's locale. One collation everywhere also keeps joins between columns
///   unambiguous.
/// - The notification id is an identity column, SQLite's INTEGER PRIMARY KEY rowid.
///
/// Each migration is a list of statements: postgres-nio runs one statement per query.
enum PostgresSchema {
    static let playersDrawingsGames = [
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
        "CREATE INDEX game_player_by_player ON game_player (player_id)",
    ]

    static let pairs = [
        """
        CREATE TABLE pair_code (
            code TEXT COLLATE "C" NOT NULL PRIMARY KEY,
            owner_id TEXT COLLATE "C" NOT NULL,
            created_at BIGINT NOT NULL,
            spent_at BIGINT
        )
        """,
        "CREATE UNIQUE INDEX pair_code_open ON pair_code (owner_id) WHERE spent_at IS NULL",
        """
        CREATE TABLE pair (
            id TEXT COLLATE "C" NOT NULL PRIMARY KEY,
            first_id TEXT COLLATE "C",
            first_name TEXT COLLATE "C",
            second_id TEXT COLLATE "C",
            second_name TEXT COLLATE "C",
            since BIGINT NOT NULL,
            seq BIGINT NOT NULL DEFAULT 0,
            first_score BIGINT NOT NULL DEFAULT 0,
            second_score BIGINT NOT NULL DEFAULT 0,
            streak BIGINT NOT NULL DEFAULT 0,
            ended_at BIGINT,
            ended_by TEXT COLLATE "C"
        )
        """,
        """
        CREATE TABLE pair_member (
            player_id TEXT COLLATE "C" NOT NULL PRIMARY KEY,
            pair_id TEXT COLLATE "C" NOT NULL REFERENCES pair (id)
        )
        """,
        """
        CREATE TABLE pair_drawing (
            id TEXT COLLATE "C" NOT NULL PRIMARY KEY,
            pair_id TEXT COLLATE "C" NOT NULL REFERENCES pair (id),
            sender_key TEXT COLLATE "C" NOT NULL,
            sender_id TEXT COLLATE "C",
            recipient_id TEXT COLLATE "C",
            client_drawing_id TEXT COLLATE "C" NOT NULL,
            word TEXT COLLATE "C" NOT NULL,
            sent_at BIGINT NOT NULL,
            status TEXT COLLATE "C" NOT NULL CHECK (status IN ('pending', 'guessed', 'gaveUp', 'closed')),
            attempts BIGINT NOT NULL DEFAULT 0,
            guesser_gained BIGINT NOT NULL DEFAULT 0,
            drawer_gained BIGINT NOT NULL DEFAULT 0,
            resolved_at BIGINT,
            item_count BIGINT NOT NULL,
            point_count BIGINT NOT NULL,
            record BYTEA NOT NULL,
            UNIQUE (sender_key, client_drawing_id)
        )
        """,
        "CREATE INDEX pair_drawing_received ON pair_drawing (recipient_id, sent_at DESC, id DESC)",
        "CREATE INDEX pair_drawing_sent ON pair_drawing (sender_id, sent_at DESC, id DESC)",
        "CREATE INDEX pair_drawing_pending ON pair_drawing (pair_id, sent_at) WHERE status = 'pending'",
        """
        CREATE TABLE pair_draft (
            player_id TEXT COLLATE "C" NOT NULL PRIMARY KEY,
            client_drawing_id TEXT COLLATE "C" NOT NULL,
            word TEXT COLLATE "C" NOT NULL,
            record BYTEA NOT NULL,
            updated_at BIGINT NOT NULL
        )
        """,
        """
        CREATE TABLE pair_notice (
            player_id TEXT COLLATE "C" NOT NULL,
            pair_id TEXT COLLATE "C" NOT NULL REFERENCES pair (id),
            ended_by TEXT COLLATE "C",
            PRIMARY KEY (player_id, pair_id)
        )
        """,
    ]

    static let notificationOutbox = [
        """
        CREATE TABLE notification (
            id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            key TEXT COLLATE "C" NOT NULL UNIQUE,
            recipient_id TEXT COLLATE "C" NOT NULL,
            body TEXT COLLATE "C" NOT NULL,
            created_at BIGINT NOT NULL,
            attempts BIGINT NOT NULL DEFAULT 0,
            next_attempt_at BIGINT NOT NULL,
            last_error TEXT COLLATE "C"
        )
        """,
        "CREATE INDEX notification_recipient ON notification (recipient_id, id)",
    ]

    /// The cluster's room directory, as `RoomDirectory`'s documentation gives it (with the
    /// collation every text column here has). No SQLite twin: one node needs no directory.
    static let roomDirectory = [
        """
        CREATE TABLE cluster_node (
            id TEXT COLLATE "C" PRIMARY KEY,
            url TEXT COLLATE "C" NOT NULL,
            expires_at TIMESTAMPTZ NOT NULL
        )
        """,
        """
        CREATE TABLE room_directory (
            code TEXT COLLATE "C" PRIMARY KEY,
            node_id TEXT COLLATE "C" NOT NULL REFERENCES cluster_node (id) ON DELETE CASCADE,
            claimed_at TIMESTAMPTZ NOT NULL DEFAULT now()
        )
        """,
        """
        CREATE TABLE seat_directory (
            player_id TEXT COLLATE "C" PRIMARY KEY,
            code TEXT COLLATE "C" NOT NULL REFERENCES room_directory (code) ON DELETE CASCADE,
            node_id TEXT COLLATE "C" NOT NULL
        )
        """,
        "CREATE INDEX room_directory_node ON room_directory (node_id)",
        "CREATE INDEX seat_directory_code ON seat_directory (code)",
    ]

    /// The public rooms of the cluster, for the room list and quick play on every node: each
    /// row is a live room's last published status, gone with its code (and so with its node).
    static let publicRooms = [
        """
        CREATE TABLE public_room (
            code TEXT COLLATE "C" PRIMARY KEY REFERENCES room_directory (code) ON DELETE CASCADE,
            node_id TEXT COLLATE "C" NOT NULL,
            word_pack TEXT COLLATE "C" NOT NULL,
            players INTEGER NOT NULL,
            seats INTEGER NOT NULL,
            max_players INTEGER NOT NULL,
            spectators INTEGER NOT NULL,
            phase TEXT COLLATE "C" NOT NULL,
            round INTEGER,
            rounds INTEGER NOT NULL,
            locked BOOLEAN NOT NULL,
            late_join BOOLEAN NOT NULL,
            opened_at TIMESTAMPTZ NOT NULL DEFAULT now()
        )
        """,
        "CREATE INDEX public_room_order ON public_room (word_pack, players DESC, opened_at)",
    ]

    /// Node-to-node messages too long for one `NOTIFY` (`PostgresNodeChannels`): stored, named by
    /// the notification, and deleted by the listener that takes them; one nobody took is swept
    /// after a minute.
    static let nodeMessages = [
        """
        CREATE TABLE node_message (
            id BIGSERIAL PRIMARY KEY,
            body TEXT COLLATE "C" NOT NULL,
            sent_at TIMESTAMPTZ NOT NULL DEFAULT now()
        )
        """,
        "CREATE INDEX node_message_sent_at ON node_message (sent_at)",
    ]
}
