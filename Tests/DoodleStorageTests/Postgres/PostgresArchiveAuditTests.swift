import DoodleCore
import DoodleStorage
import DoodleStorageTestSupport
import Testing

/// `PostgresArchiveAudit`, which the crash tests trust to find a save half made or made twice:
/// what the stores write passes it, and each rule, broken alone, is named.
// One database at a time: eight made at once would crowd the shared test server for the tests
// beside these that time leases.
@Suite("The PostgreSQL archive audit", .serialized)
struct PostgresArchiveAuditTests {
    /// One way to damage a whole archive, and the rule it breaks.
    struct Damage: Sendable, CustomTestStringConvertible {
        let statement: String
        let broken: String
        var testDescription: String { broken }
    }

    static let damages = [
        Damage(
            statement: """
                INSERT INTO drawing (id, game_id, room_code, word, drawer_id, drawer_name, drawer_gained, started_at, ended_at,
                                     item_count, point_count, record)
                SELECT 'd_copy', game_id, room_code, word, drawer_id, drawer_name, drawer_gained, started_at, ended_at,
                       item_count, point_count, record FROM drawing WHERE id = 'd_one'
                """,
            broken: "one turn saved as more than one drawing"),
        Damage(statement: "DELETE FROM guess WHERE drawing_id = 'd_one' AND position = 0", broken: "a drawing whose guesses are not numbered"),
        Damage(statement: "UPDATE game_player SET position = 5 WHERE game_id = 'g_1' AND position = 1", broken: "a finished game without its whole ranking"),
        Damage(statement: "UPDATE player SET total_score = total_score + 1 WHERE id = 'p_ada'", broken: "a player's totals differ"),
        Damage(statement: "DELETE FROM pair_member WHERE player_id = 'p_bob'", broken: "a live pair without exactly its two members"),
        Damage(statement: "UPDATE pair SET ended_at = 2 WHERE id = 'pr_1'", broken: "an ended pair that still has members or pending drawings"),
        Damage(statement: "UPDATE pair_drawing SET status = 'guessed' WHERE id = 'pd_1'", broken: "a pair drawing resolved without a time"),
    ]

    @Test("an archive the stores wrote breaks no rule")
    func wholeArchivePasses() async throws {
        try await PostgresTestDatabase.withMigratedDatabase(logger: StorageFixtures.logger) { database in
            try await Self.fill(database)
            #expect(try await PostgresArchiveAudit.problems(in: database.location) == [])
        }
    }

    @Test("each rule broken alone is named, with the row that breaks it", arguments: damages)
    func brokenRuleIsNamed(_ damage: Damage) async throws {
        try await PostgresTestDatabase.withMigratedDatabase(logger: StorageFixtures.logger) { database in
            try await Self.fill(database)
            try await TestSQL(postgres: database).execute(damage.statement)
            let problems = try await PostgresArchiveAudit.problems(in: database.location)
            #expect(problems.count == 1, "\(problems)")
            #expect(problems.first?.hasPrefix(damage.broken) == true, "\(problems)")
        }
    }

    /// Two drawings with their guesses and a finished game through the archive writer, and a live
    /// pair with a pending drawing (rows as the pair repository writes them).
    private static func fill(_ database: PostgreSQLDatabase) async throws {
        try await StorageFixtures.withRunningWriter(Storage(postgres: database)) { writer in
            let guessers = [
                GuessRecord(playerId: "p_bob", gained: 120, atMilliseconds: 5_300), GuessRecord(playerId: "p_cy", gained: 90, atMilliseconds: 9_000),
            ]
            writer.submit(StorageFixtures.drawing(id: "d_one", guessers: guessers, endedAt: StorageFixtures.start + 100_000))
            writer.submit(StorageFixtures.drawing(id: "d_two", drawer: "p_bob", drawerName: "Bob", endedAt: StorageFixtures.start + 200_000))
            writer.submit(StorageFixtures.game(id: "g_1", ranking: [("p_ada", "Ada", 300), ("p_bob", "Bob", 120), ("p_cy", "Cy", 90)]))
            #expect(await writer.flush())
        }
        let sql = TestSQL(postgres: database)
        try await sql.execute("INSERT INTO pair (id, first_id, first_name, second_id, second_name, since) VALUES ('pr_1', 'p_ada', 'Ada', 'p_bob', 'Bob', 1)")
        try await sql.execute("INSERT INTO pair_member (player_id, pair_id) VALUES ('p_ada', 'pr_1'), ('p_bob', 'pr_1')")
        try await sql.execute(
            """
            INSERT INTO pair_drawing (id, pair_id, sender_key, sender_id, recipient_id, client_drawing_id, word, sent_at, status,
                                      item_count, point_count, record)
            VALUES ('pd_1', 'pr_1', 'p_ada', 'p_ada', 'p_bob', 'c_1', 'kite', 1, 'pending', 0, 0, '\\x')
            """)
    }
}
