import DoodleCore
import GRDB

/// `ModerationStore` on SQLite: reports here, bans and the audit log in `+Bans`, deleting a
/// drawing in `+DeleteDrawing`. Every change is one write transaction on the database's one
/// writer (GRDB begins it `IMMEDIATE`, so it holds the file's write lock from its first read).
public struct SQLiteModerationStore: ModerationStore {
    let database: SQLiteDatabase

    public init(database: SQLiteDatabase) {
        self.database = database
    }

    /// Counts the reporter's reports of the last hour and inserts the new one in the same write
    /// transaction: writers take turns, so reports filed at once cannot both pass the count.
    public func fileReport(_ draft: ReportDraft, limit: Int) async throws -> String? {
        let context = try ReportColumns.contextJSON(draft.context)
        let id = ReportColumns.newId()
        return try await database.connection.write { db in
            let recent = try Int.fetchOne(
                db, sql: Self.recentReportsSQL, arguments: [draft.reporterId, draft.at - ReportColumns.limitWindowMilliseconds]) ?? 0
            guard recent < limit else { return nil }
            try db.execute(
                sql: """
                    INSERT INTO report (id, reporter_id, player_id, drawing_id, reason, text, context, created_at, status)
                    VALUES (:id, :reporter_id, :player_id, :drawing_id, :reason, :text, :context, :created_at, 'open')
                    """,
                arguments: [
                    "id": id, "reporter_id": draft.reporterId, "player_id": draft.playerId, "drawing_id": draft.drawingId,
                    "reason": draft.reason.rawValue, "text": draft.text, "context": context, "created_at": draft.at,
                ])
            return id
        }
    }

    public func reports(status: ReportStatus, limit: Int, before: ReportCursor?) async throws -> ReportPage {
        let fetchCount = max(limit, 0) + 1
        return try await database.connection.read { db in
            let rows: [Row]
            if let before {
                rows = try Row.fetchAll(
                    db, sql: Self.reportsBeforeSQL, arguments: [status.rawValue, before.createdAt, before.id, fetchCount])
            } else {
                rows = try Row.fetchAll(db, sql: Self.reportsSQL, arguments: [status.rawValue, fetchCount])
            }
            return ReportPage(fetched: try rows.map(Self.report), limit: limit)
        }
    }

    public func report(id: String) async throws -> StoredReport? {
        try await database.connection.read { db in
            try Row.fetchOne(db, sql: Self.reportSQL, arguments: [id]).map(Self.report)
        }
    }

    /// Resolves an open report and reads it back in one transaction; a resolved one is read as it is.
    public func resolveReport(id: String, action: ReportAction, note: String?, at: Int64) async throws -> StoredReport? {
        try await database.connection.write { db in
            try db.execute(
                sql: """
                    UPDATE report SET status = 'resolved', resolution_action = ?, resolution_note = ?, resolved_at = ?
                    WHERE id = ? AND status = 'open'
                    """,
                arguments: [action.rawValue, note, at, id])
            return try Row.fetchOne(db, sql: Self.reportSQL, arguments: [id]).map(Self.report)
        }
    }

    private static func report(_ row: Row) throws -> StoredReport {
        try ReportColumns.Values(
            id: row["id"], reporterId: row["reporter_id"], playerId: row["player_id"], drawingId: row["drawing_id"], reason: row["reason"],
            text: row["text"], context: row["context"], createdAt: row["created_at"], status: row["status"],
            resolutionAction: row["resolution_action"], resolutionNote: row["resolution_note"], resolvedAt: row["resolved_at"]
        ).report()
    }
}

// MARK: - SQL (each query is served by an index; QueryPlanTests checks which)

extension SQLiteModerationStore {
    static let recentReportsSQL = "SELECT COUNT(*) FROM report WHERE reporter_id = ? AND created_at > ?"
    static let reportSQL = ReportColumns.select + " WHERE id = ?"
    static let reportsSQL = ReportColumns.select + " WHERE status = ? ORDER BY created_at DESC, id DESC LIMIT ?"
    static let reportsBeforeSQL =
        ReportColumns.select + " WHERE status = ? AND (created_at, id) < (?, ?) ORDER BY created_at DESC, id DESC LIMIT ?"
}
