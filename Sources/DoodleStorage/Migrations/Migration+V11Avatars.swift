extension Migration {
    /// Players' avatars (PROTOCOL.md rev 5, "Avatars"): the one a player chose, kept with its
    /// name so that its rooms, `GET /v1/me` and its share pages show it on every device. NULL
    /// for a player that never chose one: clients and server derive one from the id.
    static let v11Avatars = Migration(
        identifier: "v11-avatars",
        sqlite: [
            "ALTER TABLE player ADD COLUMN avatar_color TEXT",
            "ALTER TABLE player ADD COLUMN avatar_eyes INTEGER",
            "ALTER TABLE player ADD COLUMN avatar_mouth INTEGER",
        ],
        postgres: [
            """
            ALTER TABLE player ADD COLUMN avatar_color TEXT COLLATE "C",
                ADD COLUMN avatar_eyes SMALLINT,
                ADD COLUMN avatar_mouth SMALLINT
            """
        ])
}
