extension Migration {
    /// Live party rooms' checkpoints (docs/storage.md, "Room checkpoints"; PROTOCOL.md rev 5):
    /// one row per room with its state, and its open drawing's strokes appended in chunks beside
    /// it, so a checkpoint never rewrites a full canvas.
    static let v10RoomCheckpoints = Migration(
        identifier: "v10-room-checkpoints",
        sqlite: [
            """
            -- A live room's state as RoomCheckpoint JSON (format says which). node_id names the
            -- node hosting it, NULL once its node released it for another to take.
            CREATE TABLE room_checkpoint (
                code TEXT NOT NULL PRIMARY KEY,
                mode TEXT NOT NULL,
                format INTEGER NOT NULL,
                node_id TEXT,
                state BLOB NOT NULL,
                stroke_key TEXT,
                seq INTEGER NOT NULL,
                saved_at INTEGER NOT NULL
            ) WITHOUT ROWID;
            -- A node's own rooms, found at its start and when it hands them over.
            CREATE INDEX room_checkpoint_by_node ON room_checkpoint (node_id);

            -- The open drawing's record (the stroke codec's bytes), a chunk per checkpoint that
            -- brought strokes: actions first_action ..< first_action + action_count. Only the
            -- chunks under the room's current stroke_key count; the others are deleted with the
            -- checkpoint that moved on.
            CREATE TABLE room_checkpoint_stroke (
                code TEXT NOT NULL,
                stroke_key TEXT NOT NULL,
                first_action INTEGER NOT NULL,
                action_count INTEGER NOT NULL,
                actions BLOB NOT NULL,
                PRIMARY KEY (code, stroke_key, first_action)
            ) WITHOUT ROWID;
            """
        ],
        postgres: [
            """
            CREATE TABLE room_checkpoint (
                code TEXT COLLATE "C" NOT NULL PRIMARY KEY,
                mode TEXT COLLATE "C" NOT NULL,
                format INTEGER NOT NULL,
                node_id TEXT COLLATE "C",
                state BYTEA NOT NULL,
                stroke_key TEXT COLLATE "C",
                seq BIGINT NOT NULL,
                saved_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX room_checkpoint_by_node ON room_checkpoint (node_id)",
            """
            CREATE TABLE room_checkpoint_stroke (
                code TEXT COLLATE "C" NOT NULL,
                stroke_key TEXT COLLATE "C" NOT NULL,
                first_action INTEGER NOT NULL,
                action_count INTEGER NOT NULL,
                actions BYTEA NOT NULL,
                PRIMARY KEY (code, stroke_key, first_action)
            )
            """,
        ])
}
