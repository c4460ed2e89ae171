extension Migration {
    /// The cluster's room directory, as `RoomDirectory`'s documentation gives it (with the
    /// collation every text column here has). No SQLite twin: one node needs no directory.
    static let v4RoomDirectory = Migration(
        identifier: "v4-room-directory",
        sqlite: nil,
        postgres: [
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
            "CREATE INDEX seat_directory_code ON seat_directory (code)"
        ])
}
