import DoodleCore
import PostgresNIO

extension PostgresModerationStore {
    public func ban(_ ban: PlayerBan) async throws {
        try await database.read { session in
            try await session.execute(
                """
                INSERT INTO ban (player_id, reason, until_at, banned_at) VALUES (\(ban.playerId), \(ban.reason), \(ban.untilMillis), \(ban.at))
                ON CONFLICT (player_id) DO UPDATE SET reason = excluded.reason, until_at = excluded.until_at, banned_at = excluded.banned_at
                """)
        }
    }

    public func unban(playerId: PlayerID) async throws -> Bool {
        try await database.read { session in
            try await session.value("DELETE FROM ban WHERE player_id = \(playerId) RETURNING true", as: Bool.self) != nil
        }
    }

    public func activeBan(playerId: PlayerID, now: Int64) async throws -> PlayerBan? {
        try await database.read { session in
            try await session.row(
                """
                SELECT player_id, reason, until_at, banned_at FROM ban
                WHERE player_id = \(playerId) AND (until_at IS NULL OR until_at > \(now))
                """
            ).map { row in
                PlayerBan(
                    playerId: try row("player_id"), reason: try row("reason"), untilMillis: try row("until_at"), at: try row("banned_at"))
            }
        }
    }

    public func audit(_ entry: AuditDraft) async throws {
        try await database.read { session in
            try await session.execute(
                "INSERT INTO audit (action, arguments, address, at) VALUES (\(entry.action), \(entry.arguments), \(entry.address), \(entry.at))")
        }
    }

    public func auditLog(limit: Int, before: AuditCursor?) async throws -> AuditPage {
        let fetchCount = max(limit, 0) + 1
        return try await database.read { session in
            let rows: [PostgresRecord]
            if let before {
                rows = try await session.rows(
                    "SELECT id, action, arguments, address, at FROM audit WHERE id < \(before) ORDER BY id DESC LIMIT \(fetchCount)")
            } else {
                rows = try await session.rows("SELECT id, action, arguments, address, at FROM audit ORDER BY id DESC LIMIT \(fetchCount)")
            }
            let entries = try rows.map { row in
                AuditEntry(
                    id: try row("id"), action: try row("action"), arguments: try row("arguments"), address: try row("address"),
                    at: try row("at"))
            }
            return AuditPage(fetched: entries, limit: limit)
        }
    }

    public func counts(now: Int64) async throws -> ModerationCounts {
        try await database.read { session in
            let row = try await session.row(
                """
                SELECT (SELECT COUNT(*) FROM report WHERE status = 'open') AS open_reports,
                       (SELECT COUNT(*) FROM ban WHERE until_at IS NULL OR until_at > \(now)) AS active_bans
                """)
            return ModerationCounts(openReports: try row?("open_reports") ?? 0, activeBans: try row?("active_bans") ?? 0)
        }
    }
}
