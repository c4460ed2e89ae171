import GRDB

/// Moderation's tables (docs/storage.md, "Moderation"): players' reports, operators' bans, the
/// audit log, and members' reactions to stored drawings.
enum SQLiteModerationSchema {
    static func create(_ db: Database) throws {
        try db.execute(
            sql: """
                -- A player's report of a player, a drawing, or both. No foreign keys: a report outlives
                -- the drawing an operator deletes because of it, and names players by id as filed.
                -- context is the room's ReportContext as JSON; the resolution columns are set together,
                -- once, when an operator resolves it.
                CREATE TABLE report (
                    id TEXT NOT NULL PRIMARY KEY,
                    reporter_id TEXT NOT NULL,
                    player_id TEXT,
                    drawing_id TEXT,
                    reason TEXT NOT NULL,
                    text TEXT,
                    context TEXT,
                    created_at INTEGER NOT NULL,
                    status TEXT NOT NULL CHECK (status IN ('open', 'resolved')),
                    resolution_action TEXT,
                    resolution_note TEXT,
                    resolved_at INTEGER,
                    CHECK ((status = 'open') = (resolution_action IS NULL AND resolved_at IS NULL))
                );
                -- The operators' keyset pages, newest first per status.
                CREATE INDEX report_by_status ON report (status, created_at DESC, id DESC);
                -- A reporter's reports of the last hour, counted before each new one.
                CREATE INDEX report_by_reporter ON report (reporter_id, created_at);

                -- A player's ban: for good while until_at is NULL, else until that time.
                CREATE TABLE ban (
                    player_id TEXT NOT NULL PRIMARY KEY,
                    reason TEXT,
                    until_at INTEGER,
                    banned_at INTEGER NOT NULL
                ) WITHOUT ROWID;

                -- Every operator action. Rows are never deleted, so the rowid id only grows and
                -- pages by it newest first.
                CREATE TABLE audit (
                    id INTEGER PRIMARY KEY,
                    action TEXT NOT NULL,
                    arguments TEXT NOT NULL,
                    address TEXT,
                    at INTEGER NOT NULL
                );

                -- A member's latest reaction to a stored drawing: one row per member and drawing,
                -- none at all for `none`. Gone with the drawing, and with the member when it deletes itself.
                CREATE TABLE reaction (
                    drawing_id TEXT NOT NULL REFERENCES drawing (id) ON DELETE CASCADE,
                    player_id TEXT NOT NULL,
                    reaction TEXT NOT NULL CHECK (reaction IN ('like', 'dislike')),
                    at INTEGER NOT NULL,
                    PRIMARY KEY (drawing_id, player_id)
                ) WITHOUT ROWID;
                CREATE INDEX reaction_by_player ON reaction (player_id);
                """)
    }
}
