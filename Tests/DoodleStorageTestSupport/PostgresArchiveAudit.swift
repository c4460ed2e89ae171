import DoodleStorage
import Logging
import PostgresNIO

/// Rules an archive on PostgreSQL keeps whatever moment its server died at, checked in the
/// tables themselves: what a test asks after killing a `doodle-server` with SIGKILL, where on
/// SQLite it asks `PRAGMA integrity_check`.
///
/// Such a test kills the server, not PostgreSQL, so PostgreSQL's own files are not in question.
/// What is in question is whether the server's writes left whole records: each save is one
/// transaction, so a record half there (a drawing without its guesses, a game without its
/// ranking, totals without the game they count) or a save stored twice breaks one of these rules.
public enum PostgresArchiveAudit {
    /// A rule and the query listing the rows that break it, each as one `offender` text.
    private struct Rule {
        let broken: String
        let offenders: String
    }

    private static let rules = [
        Rule(
            broken: "one turn saved as more than one drawing",
            offenders: """
                SELECT game_id || ' started ' || started_at AS offender FROM drawing
                GROUP BY game_id, started_at HAVING count(*) > 1
                """),
        Rule(
            broken: "a drawing whose guesses are not numbered 0, 1, 2, … without a gap",
            offenders: """
                SELECT drawing_id AS offender FROM guess
                GROUP BY drawing_id HAVING min(position) <> 0 OR max(position) + 1 <> count(*)
                """),
        Rule(
            broken: "a finished game without its whole ranking",
            offenders: """
                SELECT g.id AS offender FROM game g LEFT JOIN game_player p ON p.game_id = g.id
                GROUP BY g.id HAVING count(p.position) = 0 OR min(p.position) <> 0 OR max(p.position) + 1 <> count(p.position)
                """),
        Rule(
            broken: "a player's totals differ from the finished games it is ranked in",
            offenders: """
                SELECT p.id AS offender FROM player p LEFT JOIN game_player r ON r.player_id = p.id
                GROUP BY p.id, p.games, p.total_score, p.wins
                HAVING p.games <> count(r.game_id) OR p.total_score <> coalesce(sum(r.score), 0)
                    OR p.wins <> count(r.game_id) FILTER (WHERE r.rank = 1)
                """),
        Rule(
            broken: "a live pair without exactly its two members",
            offenders: """
                SELECT p.id AS offender FROM pair p LEFT JOIN pair_member m ON m.pair_id = p.id
                WHERE p.ended_at IS NULL GROUP BY p.id HAVING count(m.player_id) <> 2
                """),
        Rule(
            broken: "an ended pair that still has members or pending drawings",
            offenders: """
                SELECT p.id AS offender FROM pair p WHERE p.ended_at IS NOT NULL
                AND (EXISTS (SELECT 1 FROM pair_member m WHERE m.pair_id = p.id)
                     OR EXISTS (SELECT 1 FROM pair_drawing d WHERE d.pair_id = p.id AND d.status = 'pending'))
                """),
        Rule(
            broken: "a pair drawing resolved without a time, or pending with one",
            offenders: """
                SELECT id AS offender FROM pair_drawing WHERE (status = 'pending') <> (resolved_at IS NULL)
                """),
    ]

    /// Each broken rule with the rows that break it; empty when every rule holds.
    ///
    /// - Throws: `PostgresFailure` if the database cannot be reached or refuses a query.
    public static func problems(in location: PostgresLocation) async throws -> [String] {
        try await PostgresLoneConnection.with(location) { connection in
            var problems: [String] = []
            do {
                for rule in rules {
                    var offenders: [String] = []
                    let rows = try await connection.query(PostgresQuery(unsafeSQL: rule.offenders), logger: connection.logger)
                    for try await offender in rows.decode(String.self) {
                        offenders.append(offender)
                    }
                    if !offenders.isEmpty {
                        problems.append("\(rule.broken): \(offenders.joined(separator: ", "))")
                    }
                }
            } catch {
                throw PostgresFailure(error, while: "auditing \(location)")
            }
            return problems
        }
    }
}
