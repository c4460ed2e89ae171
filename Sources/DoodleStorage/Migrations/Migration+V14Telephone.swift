extension Migration {
    /// Telephone mode (PROTOCOL.md rev 5, "Telephone mode"): which game a drawing comes from
    /// (`drawing.kind`, a party turn or a chain's entry), each telephone game's chains entry by
    /// entry, and (PostgreSQL alone, whose directory lists the cluster's rooms) a public room's mode.
    ///
    /// `game_chain_entry` has no foreign key to `drawing`: an operator may delete an entry's
    /// drawing, and the entry then reads as nothing drawn. `player_id` becomes NULL when its
    /// player deletes itself, which `game_chain_entry_by_player` finds.
    static let v14Telephone = Migration(
        identifier: "v14-telephone",
        sqlite: [
            "ALTER TABLE drawing ADD COLUMN kind TEXT NOT NULL DEFAULT 'party'",
            """
            CREATE TABLE game_chain_entry (
                game_id TEXT NOT NULL REFERENCES game (id) ON DELETE CASCADE,
                chain INTEGER NOT NULL,
                position INTEGER NOT NULL,
                kind TEXT NOT NULL,
                player_id TEXT,
                text TEXT,
                drawing_id TEXT,
                PRIMARY KEY (game_id, chain, position)
            ) WITHOUT ROWID
            """,
            "CREATE INDEX game_chain_entry_by_player ON game_chain_entry (player_id)",
        ],
        postgres: [
            "ALTER TABLE drawing ADD COLUMN kind TEXT COLLATE \"C\" NOT NULL DEFAULT 'party'",
            """
            CREATE TABLE game_chain_entry (
                game_id TEXT COLLATE "C" NOT NULL REFERENCES game (id) ON DELETE CASCADE,
                chain BIGINT NOT NULL,
                position BIGINT NOT NULL,
                kind TEXT COLLATE "C" NOT NULL,
                player_id TEXT COLLATE "C",
                text TEXT COLLATE "C",
                drawing_id TEXT COLLATE "C",
                PRIMARY KEY (game_id, chain, position)
            )
            """,
            "CREATE INDEX game_chain_entry_by_player ON game_chain_entry (player_id)",
            "ALTER TABLE public_room ADD COLUMN mode TEXT COLLATE \"C\" NOT NULL DEFAULT 'party'",
        ])
}
