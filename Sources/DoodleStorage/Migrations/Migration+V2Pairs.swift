extension Migration {
    /// Pair mode's tables (docs/storage.md, "Pairs"). What must never happen twice is a constraint,
    /// not a check before an insert: a player is in at most one live pair (`pair_member`'s key),
    /// a code is spent once (`spent_at`), and a sender stores each `client_drawing_id` once.
    static let v2Pairs = Migration(
        identifier: "v2-pairs",
        sqlite: [
            """
            -- A player's pair code. Open while spent_at is NULL: at most one open code per
            -- player. A spent code stays, so it is never handed out again.
            CREATE TABLE pair_code (
                code TEXT NOT NULL PRIMARY KEY,
                owner_id TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                spent_at INTEGER
            ) WITHOUT ROWID;
            CREATE UNIQUE INDEX pair_code_open ON pair_code (owner_id) WHERE spent_at IS NULL;

            -- A pair, live until ended_at is set. first_id owned the code, second_id took it;
            -- an id becomes NULL when that player deletes itself (its name too).
            CREATE TABLE pair (
                id TEXT NOT NULL PRIMARY KEY,
                first_id TEXT,
                first_name TEXT,
                second_id TEXT,
                second_name TEXT,
                since INTEGER NOT NULL,
                seq INTEGER NOT NULL DEFAULT 0,
                first_score INTEGER NOT NULL DEFAULT 0,
                second_score INTEGER NOT NULL DEFAULT 0,
                streak INTEGER NOT NULL DEFAULT 0,
                ended_at INTEGER,
                ended_by TEXT
            );

            -- Who is in a live pair now: the primary key makes a second pair impossible.
            CREATE TABLE pair_member (
                player_id TEXT NOT NULL PRIMARY KEY,
                pair_id TEXT NOT NULL REFERENCES pair (id)
            ) WITHOUT ROWID;

            -- A drawing one partner sent the other. sender_key is the sender's id as it was
            -- (kept after a deletion, so a retried upload still finds its drawing).
            CREATE TABLE pair_drawing (
                id TEXT NOT NULL PRIMARY KEY,
                pair_id TEXT NOT NULL REFERENCES pair (id),
                sender_key TEXT NOT NULL,
                sender_id TEXT,
                recipient_id TEXT,
                client_drawing_id TEXT NOT NULL,
                word TEXT NOT NULL,
                sent_at INTEGER NOT NULL,
                status TEXT NOT NULL CHECK (status IN ('pending', 'guessed', 'gaveUp', 'closed')),
                attempts INTEGER NOT NULL DEFAULT 0,
                guesser_gained INTEGER NOT NULL DEFAULT 0,
                drawer_gained INTEGER NOT NULL DEFAULT 0,
                resolved_at INTEGER,
                item_count INTEGER NOT NULL,
                point_count INTEGER NOT NULL,
                record BLOB NOT NULL,
                UNIQUE (sender_key, client_drawing_id)
            );
            CREATE INDEX pair_drawing_received ON pair_drawing (recipient_id, sent_at DESC, id DESC);
            CREATE INDEX pair_drawing_sent ON pair_drawing (sender_id, sent_at DESC, id DESC);
            CREATE INDEX pair_drawing_pending ON pair_drawing (pair_id, sent_at) WHERE status = 'pending';

            -- A partner's open drawing, kept across disconnects and restarts.
            CREATE TABLE pair_draft (
                player_id TEXT NOT NULL PRIMARY KEY,
                client_drawing_id TEXT NOT NULL,
                word TEXT NOT NULL,
                record BLOB NOT NULL,
                updated_at INTEGER NOT NULL
            ) WITHOUT ROWID;

            -- An unpairing a partner has not been told of yet (it was away).
            CREATE TABLE pair_notice (
                player_id TEXT NOT NULL,
                pair_id TEXT NOT NULL REFERENCES pair (id),
                ended_by TEXT,
                PRIMARY KEY (player_id, pair_id)
            ) WITHOUT ROWID;
            """
        ],
        postgres: [
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
            """
        ])
}
