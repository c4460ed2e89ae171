import DoodleCore
import GRDB

extension SQLiteModerationStore {
    public func ban(_ ban: PlayerBan) async throws {
        try await database.connection.write { db in
            try db.execute(
                sql: """
                    INSERT INTO ban (player_id, reason, until_at, banned_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT (player_id) DO UPDATE SET reason = excluded.reason, until_at = excluded.until_at,
                                                          banned_at = excluded.banned_at
                    """,
                arguments: [ban.playerId, ban.reason, ban.untilMillis, ban.at])
        }
    }

    public func unban(playerId: PlayerID) async throws -> Bool {
        try await database.connection.write { db in
            try db.execute(sql: "DELETE FROM ban WHERE player_id = ?", arguments: [playerId])
            return db.changesCount > 0
        }
    }

    public func activeBan(playerId: PlayerID, now: Int64) async throws -> PlayerBan? {
        try await database.connection.read { db in
            try Row.fetchOne(db, sql: Self.activeBanSQL, arguments: [playerId, now]).map { row in
                PlayerBan(playerId: row["player_id"], reason: row["reason"], untilMillis: row["until_at"], at: row["banned_at"])
            }
        }
    }

    public func audit(_ entry: AuditDraft) async throws {
        try await database.connection.write { db in
            try db.execute(
                sql: "INSERT INTO audit (action, arguments, address, at) VALUES (?, ?, ?, ?)",
                arguments: [entry.action, entry.arguments, entry.address, entry.at])
        }
    }

    public func auditLog(limit: Int, before: AuditCursor?) async throws -> AuditPage {
        let fetchCount = max(limit, 0) + 1
        return try await database.connection.read { db in
            let rows: [Row]
            if let before {
                rows = try Row.fetchAll(db, sql: Self.auditBeforeSQL, arguments: [before, fetchCount])
            } else {
                rows = try Row.fetchAll(db, sql: Self.auditSQL, arguments: [fetchCount])
            }
            let entries = rows.map { row in
                AuditEntry(id: row["id"], action: row["action"], arguments: row["arguments"], address: row["address"], at: row["at"])
            }
            return AuditPage(fetched: entries, limit: limit)
        }
    }

    public func counts(now: Int64) async throws -> ModerationCounts {
        try await database.connection.read { db in
            ModerationCounts(
                openReports: try Int.fetchOne(db, sql: Self.openReportsSQL) ?? 0,
                activeBans: try Int.fetchOne(db, sql: Self.activeBansSQL, arguments: [now]) ?? 0)
        }
    }
}

// MARK: - SQL

extension SQLiteModerationStore {
    static let activeBanSQL = """
        SELECT player_id, reason, until_at, banned_at FROM ban WHERE player_id = ? AND (until_at IS NULL OR until_at > ?)
        """
    static let auditSQL = "SELECT id, action, arguments, address, at FROM audit ORDER BY id DESC LIMIT ?"
    static let auditBeforeSQL = "SELECT id, action, arguments, address, at FROM audit WHERE id < ? ORDER BY id DESC LIMIT ?"
    static let openReportsSQL = "SELECT COUNT(*) FROM report WHERE status = 'open'"
    /// Scans `ban`: a table of one row per banned player, read once per `/metrics` scrape.
    static let activeBansSQL = "SELECT COUNT(*) FROM ban WHERE until_at IS NULL OR until_at > ?"
}
