import DoodleCore
import Foundation
import GRDB
import Testing

@testable import DoodleStorage

/// Each API query must be served by an index, not a scan of a growing table.
@Suite("Query plans")
struct QueryPlanTests {
    /// SQLite's plan for `query`, as the stores run it.
    static func plan(_ query: SQLQuery, in database: SQLiteDatabase) async throws -> String {
        try await database.read { session in
            try session.rows("EXPLAIN QUERY PLAN \(query)").map { try $0("detail", as: String.self) }.joined(separator: "\n")
        }
    }

    @Test("every read uses its index and sorts nothing")
    func indexesServeTheQueries() async throws {
        try await StorageFixtures.withDatabase { database in
            let leaderboard = try await Self.plan(SQLArchiveReader.leaderboard(limit: 50), in: database)
            #expect(leaderboard.contains("USING INDEX player_leaderboard"))
            #expect(!leaderboard.contains("TEMP B-TREE"))

            let periodBoard = try await Self.plan(SQLArchiveReader.leaderboard(period: .week, startsAt: 1_795_996_800_000, limit: 50), in: database)
            #expect(periodBoard.contains("USING COVERING INDEX leaderboard_period_ranking (period=? AND starts_at=?)"))
            #expect(!periodBoard.contains("TEMP B-TREE"))

            let page = try await Self.plan(SQLArchiveReader.drawings(by: "p_ada", before: nil, limit: 21), in: database)
            #expect(page.contains("USING INDEX drawing_by_drawer (drawer_id=?)"))
            #expect(!page.contains("TEMP B-TREE"))
            // A telephone drawing's game is looked up by its key, not scanned for.
            #expect(page.contains("SEARCH game USING"), "\(page)")
            #expect(!page.contains("SCAN game"), "\(page)")

            let nextPage = try await Self.plan(SQLArchiveReader.drawings(by: "p_ada", before: DrawingCursor(endedAt: 5, id: "d_1"), limit: 21), in: database)
            #expect(nextPage.contains("USING INDEX drawing_by_drawer (drawer_id=? AND (ended_at,id)<(?,?))"))
            #expect(!nextPage.contains("TEMP B-TREE"))

            let game = try await Self.plan(SQLArchiveReader.drawings(ofGame: "g_1"), in: database)
            #expect(game.contains("USING INDEX drawing_by_game (game_id=?)"))

            let chains = try await Self.plan(SQLArchiveReader.chainEntries(ofGame: "g_1"), in: database)
            #expect(chains.contains("SEARCH game_chain_entry USING PRIMARY KEY (game_id=?)"), "\(chains)")
            #expect(!chains.contains("SCAN") && !chains.contains("TEMP B-TREE"), "\(chains)")

            let guesses = try await Self.plan(SQLArchiveReader.guesses(ofDrawing: "d_1"), in: database)
            #expect(guesses.contains("SEARCH guess USING PRIMARY KEY (drawing_id=?)"))
            #expect(!guesses.contains("SCAN"))

            let summary = try await Self.plan(SQLArchiveReader.drawingSummary(id: "d_1"), in: database)
            #expect(summary.contains("SEARCH drawing USING"), "\(summary)")
            #expect(summary.contains("SEARCH guess USING"), "\(summary)")
            #expect(!summary.contains("SCAN"), "\(summary)")

            let endedAt = try await Self.plan(SQLArchiveReader.drawingEndedAt(id: "d_1"), in: database)
            #expect(endedAt.contains("SEARCH drawing USING"), "\(endedAt)")
            #expect(!endedAt.contains("SCAN"))

            // A drawing's reactions are counted through reaction's primary key, in every read.
            for (name, query) in [
                ("page", SQLArchiveReader.drawings(by: "p_ada", before: nil, limit: 21)), ("game", SQLArchiveReader.drawings(ofGame: "g_1")),
                ("drawing", SQLArchiveReader.drawing(id: "d_1")), ("summary", SQLArchiveReader.drawingSummary(id: "d_1")),
            ] as [(String, SQLQuery)] {
                let plan = try await Self.plan(query, in: database)
                let reactionSearches = plan.components(separatedBy: "SEARCH reaction USING PRIMARY KEY (drawing_id=?)").count - 1
                #expect(reactionSearches == 2, "\(name): \(plan)")
                #expect(!plan.contains("SCAN reaction"), "\(name): \(plan)")
            }

            // A token resolves through its device's unique key, then the player's.
            let token = try await Self.plan(SQLPlayerStore.profile(tokenHash: "h"), in: database)
            #expect(token.contains("SEARCH device USING INDEX sqlite_autoindex_device_2 (token_hash=?)"), "\(token)")
            #expect(token.contains("SEARCH player USING INDEX sqlite_autoindex_player_1 (id=?)"), "\(token)")
            #expect(!token.contains("SCAN"), "\(token)")
            let widget = try await Self.plan(SQLPairReader.player(tokenHash: "h"), in: database)
            #expect(widget.contains("SEARCH device USING INDEX sqlite_autoindex_device_2 (token_hash=?)"), "\(widget)")
        }
    }

    @Test("the reports' pages and a reporter's hourly count use the report indexes and sort nothing")
    func moderationQueries() async throws {
        try await StorageFixtures.withDatabase { database in
            let open = try await Self.plan(SQLModerationStore.reports(status: .open, before: nil, limit: 51), in: database)
            #expect(open.contains("USING INDEX report_by_status (status=?)"), "\(open)")
            #expect(!open.contains("TEMP B-TREE"), "\(open)")

            let next = try await Self.plan(SQLModerationStore.reports(status: .open, before: ReportCursor(createdAt: 5, id: "r_1"), limit: 51), in: database)
            #expect(next.contains("USING INDEX report_by_status (status=? AND (created_at,id)<(?,?))"), "\(next)")
            #expect(!next.contains("TEMP B-TREE"), "\(next)")

            let recent = try await Self.plan(SQLModerationStore.recentReports(by: "p_ada", since: 5), in: database)
            #expect(recent.contains("USING COVERING INDEX report_by_reporter (reporter_id=? AND created_at>?)"), "\(recent)")

            let audit = try await Self.plan(SQLModerationStore.auditLog(before: 9, limit: 51), in: database)
            #expect(audit.contains("SEARCH audit USING INTEGER PRIMARY KEY (rowid<?)"), "\(audit)")
            #expect(!audit.contains("TEMP B-TREE"), "\(audit)")

            let ban = try await Self.plan(SQLModerationStore.activeBan(of: "p_bob", now: 5), in: database)
            #expect(ban.contains("SEARCH ban USING PRIMARY KEY (player_id=?)"), "\(ban)")
        }
    }

    @Test("devices, identities, failed logins and link codes are found through their indexes; the device list sorts nothing")
    func accountQueries() async throws {
        try await StorageFixtures.withDatabase { database in
            let devices = try await Self.plan(SQLAccountStore.devices(of: "p_ada"), in: database)
            #expect(devices.contains("SEARCH device USING INDEX device_by_player (player_id=?)"), "\(devices)")
            #expect(!devices.contains("TEMP B-TREE"), "\(devices)")

            let device = try await Self.plan(SQLAccountStore.device(tokenHash: "h"), in: database)
            #expect(device.contains("SEARCH device USING INDEX sqlite_autoindex_device_2 (token_hash=?)"), "\(device)")

            let identities = try await Self.plan(AccountColumns.identities(of: "p_ada"), in: database)
            #expect(identities.contains("SEARCH account_identity USING INDEX account_identity_by_player (player_id=?)"), "\(identities)")
            #expect(identities.contains("SEARCH password_login USING COVERING INDEX password_login_by_player (player_id=?)"), "\(identities)")
            // Merging the two parts sorts the player's own few rows, never a table.
            #expect(!identities.contains("SCAN"), "\(identities)")

            let failures = try await Self.plan(SQLAccountStore.loginFailures(of: "ada@example.com", since: 5), in: database)
            #expect(failures.contains("USING COVERING INDEX login_failure_by_email (email=? AND failed_at>?)"), "\(failures)")

            let expired = try await Self.plan("DELETE FROM link_code WHERE expires_at <= \(5)", in: database)
            #expect(expired.contains("link_code_by_expiry"), "\(expired)")
            let oldFailures = try await Self.plan("DELETE FROM login_failure WHERE failed_at <= \(5)", in: database)
            #expect(oldFailures.contains("login_failure_by_time"), "\(oldFailures)")
        }
    }

    @Test("the pair history's pages, cursor and latest drawing use the pair_drawing indexes and sort nothing")
    func pairQueries() async throws {
        try await StorageFixtures.withDatabase { database in
            let received = try await Self.plan(SQLPairReader.page(.received, of: "p_ada", after: nil, limit: 21), in: database)
            #expect(received.contains("USING INDEX pair_drawing_received (recipient_id=?)"))
            #expect(!received.contains("TEMP B-TREE"))

            let receivedNext = try await Self.plan(SQLPairReader.page(.received, of: "p_ada", after: (5, "d_1"), limit: 21), in: database)
            #expect(receivedNext.contains("USING INDEX pair_drawing_received (recipient_id=? AND (sent_at,id)<(?,?))"))
            #expect(!receivedNext.contains("TEMP B-TREE"))

            let sent = try await Self.plan(SQLPairReader.page(.sent, of: "p_ada", after: nil, limit: 21), in: database)
            #expect(sent.contains("USING INDEX pair_drawing_sent (sender_id=?)"))
            #expect(!sent.contains("TEMP B-TREE"))

            let sentNext = try await Self.plan(SQLPairReader.page(.sent, of: "p_ada", after: (5, "d_1"), limit: 21), in: database)
            #expect(sentNext.contains("USING INDEX pair_drawing_sent (sender_id=? AND (sent_at,id)<(?,?))"))
            #expect(!sentNext.contains("TEMP B-TREE"))

            for box in PairBox.allCases {
                let cursor = try await Self.plan(SQLPairReader.cursor(box, id: "d_1", player: "p_ada"), in: database)
                #expect(cursor.contains("SEARCH pair_drawing USING INDEX sqlite_autoindex_pair_drawing_1 (id=?)"), "\(box)")
            }

            let latest = try await Self.plan(SQLPairReader.latestReceived(by: "p_ada", pairId: "pr_1"), in: database)
            #expect(latest.contains("USING INDEX pair_drawing_received (recipient_id=?)"))
            #expect(!latest.contains("TEMP B-TREE"))

            let head = try await Self.plan(SQLPairReader.latestReceivedHead(of: "p_ada"), in: database)
            #expect(head.contains("USING INDEX pair_drawing_received (recipient_id=?)"), "\(head)")
            #expect(!head.contains("TEMP B-TREE") && !head.contains("SCAN"), "\(head)")

            let one = try await Self.plan(SQLPairReader.drawing(id: "d_1"), in: database)
            #expect(one.contains("SEARCH pair_drawing USING INDEX sqlite_autoindex_pair_drawing_1 (id=?)"))
            #expect(!one.contains("SCAN"))

            let sentAt = try await Self.plan(SQLPairReader.drawingSentAt(id: "d_1", viewer: "p_ada"), in: database)
            #expect(sentAt.contains("SEARCH pair_drawing USING INDEX sqlite_autoindex_pair_drawing_1 (id=?)"), "\(sentAt)")
            #expect(!sentAt.contains("SCAN"))

            let overview = try await Self.plan(SQLPairReader.overview(pairId: "pr_1"), in: database)
            #expect(!overview.contains("SCAN"))
        }
    }
}
