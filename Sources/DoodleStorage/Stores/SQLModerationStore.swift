import DoodleCore

/// `ModerationStore` on either database: reports here, bans and the audit log in `+Bans`,
/// deleting a drawing in `+DeleteDrawing`. Every change is one transaction. (On SQLite GRDB
/// begins it `IMMEDIATE`, so it holds the file's write lock from its first read.)
struct SQLModerationStore: ModerationStore {
    let database: any SQLDatabase

    /// The kind of lock `fileReport` takes per reporter: "rept" in ASCII, in PostgreSQL's
    /// two-key advisory space, apart from the migrators' one-key lock.
    static let reportLockClass: Int32 = 0x7265_7074

    /// Counts the reporter's reports of the last hour and inserts the new one in one transaction,
    /// holding a lock on the reporter meanwhile. On PostgreSQL transactions run side by side, and
    /// under READ COMMITTED two reports filed at once would each count without the other and both
    /// pass; the lock makes the second wait until the first commits and then count it. One lock
    /// per reporter rather than SERIALIZABLE, whose failures would need retries, and rather than
    /// a lock on a row, which a reporter's first report would not yet have.
    func fileReport(_ draft: ReportDraft, limit: Int) async throws -> String? {
        let context = try ReportColumns.contextJSON(draft.context)
        let id = ReportColumns.newId()
        let since = draft.at - ReportColumns.limitWindowMilliseconds
        return try await database.write { session in
            try session.lockUntilCommit(Self.reportLockClass, key: draft.reporterId)
            let recent = try session.value(Self.recentReports(by: draft.reporterId, since: since), as: Int.self) ?? 0
            guard recent < limit else { return nil }
            try session.execute(
                """
                INSERT INTO report (id, reporter_id, player_id, drawing_id, reason, text, context, created_at, status)
                VALUES (\(id), \(draft.reporterId), \(draft.playerId), \(draft.drawingId), \(draft.reason.rawValue), \(draft.text),
                        \(context), \(draft.at), 'open')
                """)
            return id
        }
    }

    func reports(status: ReportStatus, limit: Int, before: ReportCursor?) async throws -> ReportPage {
        let fetchCount = max(limit, 0) + 1
        return try await database.read { session in
            let rows = try session.rows(Self.reports(status: status, before: before, limit: fetchCount))
            return ReportPage(fetched: try rows.map(Self.report), limit: limit)
        }
    }

    func report(id: String) async throws -> StoredReport? {
        try await database.read { session in
            try session.row(Self.report(id: id)).map(Self.report)
        }
    }

    /// Resolves an open report and reads it back in one transaction; a resolved one is read as it
    /// is. Of two operators resolving at once, the second's UPDATE waits for the first's row lock
    /// (or, on SQLite, its turn to write), then finds the report resolved and changes nothing.
    func resolveReport(id: String, action: ReportAction, note: String?, at: Int64) async throws -> StoredReport? {
        try await database.write { session in
            try session.execute(
                """
                UPDATE report SET status = 'resolved', resolution_action = \(action.rawValue), resolution_note = \(note), resolved_at = \(at)
                WHERE id = \(id) AND status = 'open'
                """)
            return try session.row(Self.report(id: id)).map(Self.report)
        }
    }

    private static func report(_ row: SQLRow) throws -> StoredReport {
        try ReportColumns.Values(
            id: try row("id"), reporterId: try row("reporter_id"), playerId: try row("player_id"), drawingId: try row("drawing_id"),
            reason: try row("reason"), text: try row("text"), context: try row("context"), createdAt: try row("created_at"),
            status: try row("status"), resolutionAction: try row("resolution_action"), resolutionNote: try row("resolution_note"),
            resolvedAt: try row("resolved_at"), reporterName: try row("reporter_name"), playerName: try row("player_name")
        ).report()
    }
}

// MARK: - Queries (each served by an index; QueryPlanTests checks which)

extension SQLModerationStore {
    static func recentReports(by reporter: PlayerID, since: Int64) -> SQLQuery {
        "SELECT COUNT(*) FROM report WHERE reporter_id = \(reporter) AND created_at > \(since)"
    }

    static func report(id: String) -> SQLQuery {
        "\(sql: ReportColumns.select) WHERE id = \(id)"
    }

    static func reports(status: ReportStatus, before: ReportCursor?, limit: Int) -> SQLQuery {
        guard let before else {
            return "\(sql: ReportColumns.select) WHERE status = \(status.rawValue) ORDER BY created_at DESC, id DESC LIMIT \(limit)"
        }
        return """
            \(sql: ReportColumns.select)
            WHERE status = \(status.rawValue) AND (created_at, id) < (\(before.createdAt), \(before.id))
            ORDER BY created_at DESC, id DESC LIMIT \(limit)
            """
    }
}
