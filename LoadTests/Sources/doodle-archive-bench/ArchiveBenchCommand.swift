import ArgumentParser
import BenchDatabaseOptions
import DoodleStorage
import Foundation
import Logging

/// `doodle-archive-bench`: how many realistic drawings per second the archive saves, on SQLite
/// or PostgreSQL, and how long a save takes from `submit` to commit. See LoadTests/README.md.
@main
struct ArchiveBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doodle-archive-bench",
        abstract: "Sustained drawings saved per second and save latency of the archive (SQLite or PostgreSQL).",
        discussion: """
            Runs ArchiveWriter on a fresh SQLite file, or on the empty PostgreSQL database --database names, and \
            submits finished drawings (30 strokes × 40 points, 3 guessers by default) at --rate per second for \
            --seconds, or --burst N at once. Use a release build for figures.
            """)

    @Option(help: "Offered load, drawings per second.") var rate = 2_000
    @Option(help: "How long to offer the load, seconds.") var seconds = 10
    @Option(help: "Submit this many drawings at once instead (maximum throughput); ignores --rate and --seconds.")
    var burst: Int?
    @Option(help: "Strokes per drawing.") var strokes = 30
    @Option(help: "Points per stroke.") var points = 40
    @Option(help: "Correct guesses per drawing.") var guessers = 3
    @Option(help: "The writer's largest batch (saves per transaction).") var batchSize = 256
    @OptionGroup var storage: BenchDatabaseOptions

    func validate() throws {
        guard (1...1_000_000).contains(rate) else { throw ValidationError("--rate must be 1–1,000,000") }
        guard (1...600).contains(seconds) else { throw ValidationError("--seconds must be 1–600") }
        if let burst, !(1...10_000_000).contains(burst) { throw ValidationError("--burst must be 1–10,000,000") }
        guard (1...1_000).contains(strokes), (1...1_000).contains(points) else { throw ValidationError("--strokes and --points must be 1–1,000") }
        guard (0...16).contains(guessers) else { throw ValidationError("--guessers must be 0–16") }
        guard (1...10_000).contains(batchSize) else { throw ValidationError("--batch-size must be 1–10,000") }
    }

    func run() async throws {
        let logger = storage.logger(label: "doodle-archive-bench")
        let postgres = try storage.postgresLocation()
        try await storage.withScratchFile(named: "doodle-archive-bench") { path in
            let load: ArchiveBench.Load = burst.map { .burst(count: $0) } ?? .sustained(rate: rate, seconds: seconds)
            let drawings = BenchDrawings(strokes: strokes, pointsPerStroke: points, guessers: guessers)
            let target: ArchiveBench.Target = postgres.map { .postgres($0) } ?? .sqlite(path: path)
            let bench = ArchiveBench(load: load, target: target, batchSize: batchSize, drawings: drawings, logger: logger)
            // The database closes when `run` returns (checkpointing its WAL), so sizes are final below.
            let outcome = try await bench.run()
            let report = BenchReport(
                load: load, drawings: drawings, batchSize: batchSize, database: target.description, outcome: outcome,
                files: postgres == nil ? FileSizes(path: path) : nil, machine: MachineConditions.now())
            BenchOutput.write(report.text)
            if !outcome.drained || outcome.latencies.saved != outcome.submitted {
                throw ExitCode.failure
            }
        }
    }
}
