import ArgumentParser
import BenchDatabaseOptions
import DoodleCore
import DoodleStorage
import Foundation
import Histogram
import Logging

/// `doodle-leaderboard-bench`: how long a day's, week's or month's top 50 takes to read with a
/// million finished games in the database, on SQLite or PostgreSQL. See LoadTests/README.md.
@main
struct LeaderboardBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doodle-leaderboard-bench",
        abstract: "Latency of the period leaderboards (day, week, month) over a large synthetic history.",
        discussion: """
            Fills a fresh SQLite file, or the empty PostgreSQL database --database names, with --games finished \
            games spread over 2026 (--per-game of --players players each), fills leaderboard_period with the \
            migration's own statements, then reads --queries period leaderboards of --limit through the back \
            end's ArchiveReader and prints p50, p90, p99 and max per kind of period. Use a release build for figures.
            """)

    @Option(help: "Finished games in the history.") var games = 1_000_000
    @Option(help: "Distinct players.") var players = 20_000
    @Option(help: "Players per game.") var perGame = 4
    @Option(help: "Leaderboards read and timed.") var queries = 3_000
    @Option(help: "Entries per leaderboard read.") var limit = 50
    @OptionGroup var storage: BenchDatabaseOptions

    func validate() throws {
        guard (1_000...10_000_000).contains(games) else { throw ValidationError("--games must be 1,000–10,000,000") }
        guard (2...16).contains(perGame) else { throw ValidationError("--per-game must be 2–16") }
        guard (perGame * 2...1_000_000).contains(players) else { throw ValidationError("--players must be at least twice --per-game, at most 1,000,000") }
        guard (1...1_000_000).contains(queries) else { throw ValidationError("--queries must be 1–1,000,000") }
        guard (1...100).contains(limit) else { throw ValidationError("--limit must be 1–100") }
    }

    func run() async throws {
        let logger = storage.logger(label: "doodle-leaderboard-bench")
        let postgres = try storage.postgresLocation()
        try await storage.withScratchFile(named: "doodle-leaderboard-bench") { path in
            let target: LeaderboardBench.Target = postgres.map { .postgres($0) } ?? .sqlite(path: path)
            let bench = LeaderboardBench(
                target: target, history: SyntheticHistory(games: games, players: players, perGame: perGame), queries: queries, limit: limit,
                logger: logger)
            let outcome = try await bench.run()
            var lines = [
                "doodle-leaderboard-bench: \(postgres == nil ? "SQLite \(path)" : "PostgreSQL")",
                "history: \(games) games × \(perGame) players (\(players) players) over 2026, written in \(Self.seconds(outcome.historySeconds))",
                "leaderboard_period filled by the migration's statements in \(Self.seconds(outcome.fillSeconds)): \(outcome.periodRows) rows",
                "\(queries) reads of a period's top \(limit), after 50 not counted (µs):",
                "period  reads  p50  p90  p99  max  (most entries in a read)",
            ]
            for period in LeaderboardPeriod.bounded {
                guard let histogram = outcome.latencies[period] else { continue }
                let figures = [50.0, 90.0, 99.0].map { histogram.valueAtPercentile($0) } + [histogram.max]
                lines.append(
                    "\(period.rawValue)  \(histogram.totalCount)  " + figures.map(String.init).joined(separator: "  ")
                        + "  (\(outcome.fullestRead[period] ?? 0))")
            }
            // The figures are the tool's output, not a log: standard output, as the other benches write theirs.
            FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        }
    }

    private static func seconds(_ value: Double) -> String {
        String(format: "%.1f s", value)
    }
}
