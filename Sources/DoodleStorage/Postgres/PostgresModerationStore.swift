import DoodleCore
import PostgresNIO

/// `ModerationStore` on PostgreSQL; the twin of `SQLiteModerationStore`, its files split alike.
public struct PostgresModerationStore: ModerationStore {
    let database: PostgresArchiveDatabase

    public init(database: PostgresArchiveDatabase) {
        self.database = database
    }

    /// The first key of the advisory locks `fileReport` takes per reporter: "rept" in ASCII, in
    /// the two-key space, apart from the migrators' one-key lock.
    static let reportLockClass: Int32 = 0x7265_7074

    /// Counts the reporter's reports of the last hour and inserts the new one in one transaction,
    /// holding a transaction-scoped advisory lock on the reporter meanwhile. Transactions here run
    /// side by side, and under READ COMMITTED two reports filed at once would each count without
    /// the other and both pass; the lock makes the second wait until the first commits and then
    /// count it. One lock per reporter (its id hashed: a collision only makes two reporters take
    /// turns) rather than SERIALIZABLE, whose failures would need retries, and rather than a
    /// lock on a row, which a reporter's first report would not yet have.
    public func fileReport(_ draft: ReportDraft, limit: Int) async throws -> String? {
        let context = try ReportColumns.contextJSON(draft.context)
        let id = ReportColumns.newId()
        let since = draft.at - ReportColumns.limitWindowMilliseconds
        return try await database.transaction { session in
            try await session.execute("SELECT pg_advisory_xact_lock(\(Self.reportLockClass), hashtext(\(draft.reporterId)))")
            let recent =
                try await session.value(
                    "SELECT COUNT(*) FROM report WHERE reporter_id = \(draft.reporterId) AND created_at > \(since)", as: Int.self) ?? 0
            guard recent < limit else { return nil }
            try await session.execute(
                """
                INSERT INTO report (id, reporter_id, player_id, drawing_id, reason, text, context, created_at, status)
                VALUES (\(id), \(draft.reporterId), \(draft.playerId), \(draft.drawingId), \(draft.reason.rawValue), \(draft.text),
                        \(context), \(draft.at), 'open')
                """)
            return id
        }
    }

    public func reports(status: ReportStatus, limit: Int, before: ReportCursor?) async throws -> ReportPage {
        let fetchCount = max(limit, 0) + 1
        return try await database.read { session in
            let rows: [PostgresRecord]
            if let before {
                rows = try await session.rows(
                    """
                    \(unescaped: ReportColumns.select)
                    WHERE status = \(status.rawValue) AND (created_at, id) < (\(before.createdAt), \(before.id))
                    ORDER BY created_at DESC, id DESC LIMIT \(fetchCount)
                    """)
            } else {
                rows = try await session.rows(
                    """
                    \(unescaped: ReportColumns.select)
                    WHERE status = \(status.rawValue) ORDER BY created_at DESC, id DESC LIMIT \(fetchCount)
                    """)
            }
            return ReportPage(fetched: try rows.map(Self.report), limit: limit)
        }
    }

    public func report(id: String) async throws -> StoredReport? {
        try await database.read { session in
            try await session.row("\(unescaped: ReportColumns.select) WHERE id = \(id)").map(Self.report)
        }
    }

    /// Resolves an open report and reads it back in one transaction; a resolved one is read as it
    /// is. Of two operators resolving at once, the second's UPDATE waits for the first's row lock,
    /// then finds the report resolved and changes nothing.
    public func resolveReport(id: String, action: ReportAction, note: String?, at: Int64) async throws -> StoredReport? {
        try await database.transaction { session in
            try await session.execute(
                """
                UPDATE report SET status = 'resolved', resolution_action = \(action.rawValue), resolution_note = \(note), resolved_at = \(at)
                WHERE id = \(id) AND status = 'open'
                """)
            return try await session.row("\(unescaped: ReportColumns.select) WHERE id = \(id)").map(Self.report)
        }
    }

    private static func report(_ row: PostgresRecord) throws -> StoredReport {
        try ReportColumns.Values(
            id: try row("id"), reporterId: try row("reporter_id"), playerId: try row("player_id"), drawingId: try row("drawing_id"),
            reason: try row("reason"), text: try row("text"), context: try row("context"), createdAt: try row("created_at"),
            status: try row("status"), resolutionAction: try row("resolution_action"), resolutionNote: try row("resolution_note"),
            resolvedAt: try row("resolved_at")
        ).report()
    }
}
