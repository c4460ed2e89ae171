extension Migration {
    /// The public rooms of the cluster, for the room list and quick play on every node: each
    /// row is a live room's last published status, gone with its code (and so with its node).
    static let v6PublicRooms = Migration(
        identifier: "v6-public-rooms",
        sqlite: nil,
        postgres: [
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
            "CREATE INDEX public_room_order ON public_room (word_pack, players DESC, opened_at)"
        ])
}
