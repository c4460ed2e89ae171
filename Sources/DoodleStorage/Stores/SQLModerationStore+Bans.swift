import DoodleCore

extension SQLModerationStore {
    func ban(_ ban: PlayerBan) async throws {
        try await database.writeStatement { session in
            try session.execute(
                """
                INSERT INTO ban (player_id, reason, until_at, banned_at) VALUES (\(ban.playerId), \(ban.reason), \(ban.untilMillis), \(ban.at))
                ON CONFLICT (player_id) DO UPDATE SET reason = excluded.reason, until_at = excluded.until_at,
                                                      banned_at = excluded.banned_at
                """)
        }
    }

    func unban(playerId: PlayerID) async throws -> Bool {
        try await database.writeStatement { session in
            try session.execute("DELETE FROM ban WHERE player_id = \(playerId)") > 0
        }
    }

    func activeBan(playerId: PlayerID, now: Int64) async throws -> PlayerBan? {
        try await database.read { session in
            try session.row(Self.activeBan(of: playerId, now: now)).map { row in
                PlayerBan(
                    playerId: try row("player_id"), reason: try row("reason"), untilMillis: try row("until_at"), at: try row("banned_at"))
            }
        }
    }

    func audit(_ entry: AuditDraft) async throws {
        try await database.writeStatement { session in
            try session.execute(
                "INSERT INTO audit (action, arguments, address, at) VALUES (\(entry.action), \(entry.arguments), \(entry.address), \(entry.at))")
        }
    }

    func auditLog(limit: Int, before: AuditCursor?) async throws -> AuditPage {
        let fetchCount = max(limit, 0) + 1
        return try await database.read { session in
            let entries = try session.rows(Self.auditLog(before: before, limit: fetchCount)).map { row in
                AuditEntry(
                    id: try row("id"), action: try row("action"), arguments: try row("arguments"), address: try row("address"),
                    at: try row("at"))
            }
            return AuditPage(fetched: entries, limit: limit)
        }
    }

    /// One statement: on PostgreSQL a round trip, where two would be two.
    func counts(now: Int64) async throws -> ModerationCounts {
        try await database.read { session in
            let row = try session.row(
                """
                SELECT (SELECT COUNT(*) FROM report WHERE status = 'open') AS open_reports,
                       (SELECT COUNT(*) FROM ban WHERE until_at IS NULL OR until_at > \(now)) AS active_bans
                """)
            return ModerationCounts(openReports: try row?("open_reports") ?? 0, activeBans: try row?("active_bans") ?? 0)
        }
    }
}

// MARK: - Queries

extension SQLModerationStore {
    static func activeBan(of playerId: PlayerID, now: Int64) -> SQLQuery {
        "SELECT player_id, reason, until_at, banned_at FROM ban WHERE player_id = \(playerId) AND (until_at IS NULL OR until_at > \(now))"
    }

    static func auditLog(before: AuditCursor?, limit: Int) -> SQLQuery {
        guard let before else {
            return "SELECT id, action, arguments, address, at FROM audit ORDER BY id DESC LIMIT \(limit)"
        }
        return "SELECT id, action, arguments, address, at FROM audit WHERE id < \(before) ORDER BY id DESC LIMIT \(limit)"
    }
}
