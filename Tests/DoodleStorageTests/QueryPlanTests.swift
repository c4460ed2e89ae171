import GRDB
import Testing

@testable import DoodleStorage

/// Each API query must be served by an index, not a scan of a growing table.
@Suite("Query plans")
struct QueryPlanTests {
    static func plan(_ sql: String, _ arguments: StatementArguments, in database: ArchiveDatabase) async throws -> String {
        try await database.connection.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] as String }.joined(separator: "\n")
        }
    }

    @Test("every read uses its index and sorts nothing")
    func indexesServeTheQueries() async throws {
        try await StorageFixtures.withDatabase { database in
            let leaderboard = try await Self.plan(ArchiveReader.leaderboardSQL, [50], in: database)
            #expect(leaderboard.contains("USING INDEX player_leaderboard"))
            #expect(!leaderboard.contains("TEMP B-TREE"))

            let page = try await Self.plan(ArchiveReader.playerDrawingsSQL, ["p_ada", 21], in: database)
            #expect(page.contains("USING INDEX drawing_by_drawer (drawer_id=?)"))
            #expect(!page.contains("TEMP B-TREE"))

            let nextPage = try await Self.plan(ArchiveReader.playerDrawingsBeforeSQL, ["p_ada", 5, "d_1", 21], in: database)
            #expect(nextPage.contains("USING INDEX drawing_by_drawer (drawer_id=? AND (ended_at,id)<(?,?))"))
            #expect(!nextPage.contains("TEMP B-TREE"))

            let game = try await Self.plan(ArchiveReader.gameDrawingsSQL, ["g_1"], in: database)
            #expect(game.contains("USING INDEX drawing_by_game (game_id=?)"))

            let guesses = try await Self.plan(ArchiveReader.drawingGuessesSQL, ["d_1"], in: database)
            #expect(guesses.contains("SEARCH guess USING PRIMARY KEY (drawing_id=?)"))
            #expect(!guesses.contains("SCAN"))

            let token = try await Self.plan("SELECT id FROM player WHERE token_hash = ?", ["h"], in: database)
            #expect(token.contains("USING INDEX sqlite_autoindex_player_2 (token_hash=?)"))
        }
    }
}
