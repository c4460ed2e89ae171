import DoodleStorage
import Foundation
import Histogram

/// The figures of one run, as text for standard output.
struct BenchReport {
    let load: ArchiveBench.Load
    let drawings: BenchDrawings
    let batchSize: Int
    /// The SQLite file's path or the PostgreSQL URL (without its password).
    let database: String
    let outcome: ArchiveBench.Outcome
    /// The SQLite file's sizes; nil on PostgreSQL, whose files are the server's.
    let files: FileSizes?
    let machine: MachineConditions

    var text: String {
        let summary = outcome.latencies
        let elapsed: Double =
            if let first = summary.firstSubmit, let last = summary.lastCommit { first.duration(to: last) / .seconds(1) } else { 0 }
        let achieved = elapsed > 0 ? Double(summary.saved) / elapsed : 0
        let offered: String =
            switch load {
            case .sustained(let rate, let seconds): "\(rate) drawings/s for \(seconds) s (\(outcome.submitted) drawings)"
            case .burst(let count): "burst of \(count) drawings submitted at once"
            }
        func ms(_ percentile: Double) -> String {
            format(Double(summary.latency.valueAtPercentile(percentile)) / 1_000, digits: 2)
        }
        let latencyMax = summary.saved == 0 ? "0" : format(Double(summary.latency.max) / 1_000, digits: 2)
        let perBatch = summary.batches > 0 ? Double(summary.saved) / Double(summary.batches) : 0
        var lines = [
            "doodle-archive-bench",
            "drawings      \(drawings.strokes) strokes × \(drawings.pointsPerStroke) points, \(drawings.guessers) guessers",
            "database      \(database) (batches of at most \(batchSize))",
            "offered       \(offered)",
            "achieved      \(format(achieved, digits: 1)) drawings/s (\(summary.saved) saved in \(format(elapsed, digits: 3)) s, first submit to last commit)",
            "commits       \(summary.batches) (\(format(perBatch, digits: 1)) drawings each on average); deepest queue seen \(outcome.maxQueued)",
            "save latency  p50 \(ms(50)) ms  p90 \(ms(90)) ms  p99 \(ms(99)) ms  max \(latencyMax) ms",
        ]
        if let files {
            let perDrawing = summary.saved > 0 ? files.total / summary.saved : 0
            lines.append("file          \(files.total) bytes (database \(files.database), WAL \(files.wal)); \(perDrawing) bytes per drawing")
        }
        lines.append("machine       \(machine.description)")
        if outcome.statistics.failedAttempts > 0 || outcome.statistics.parked > 0 || summary.unknown > 0 {
            lines.append(
                "problems      \(outcome.statistics.failedAttempts) failed transactions, \(outcome.statistics.parked) parked, \(summary.unknown) unknown ids")
        }
        if !outcome.drained || summary.saved != outcome.submitted {
            lines.append("INCOMPLETE    \(summary.saved) of \(outcome.submitted) drawings saved")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func format(_ value: Double, digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }
}

/// The database file and its WAL, in bytes, after the database was closed.
struct FileSizes {
    var database: Int
    var wal: Int
    var total: Int { database + wal }

    init(path: String) {
        func size(_ path: String) -> Int {
            ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
        }
        database = size(path)
        wal = size(path + "-wal")
    }
}

/// What else was running: the figures depend on it.
struct MachineConditions: CustomStringConvertible {
    var cores: Int
    var memoryBytes: UInt64
    var loadAverage: String?

    static func now() -> MachineConditions {
        let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))
            .map { $0.split(separator: " ").prefix(3).joined(separator: " ") }
        return MachineConditions(
            cores: ProcessInfo.processInfo.activeProcessorCount, memoryBytes: ProcessInfo.processInfo.physicalMemory, loadAverage: load)
    }

    var description: String {
        let memory = String(format: "%.1f GiB", Double(memoryBytes) / Double(1 << 30))
        return "\(cores) cores, \(memory), load average \(loadAverage ?? "unknown") (1, 5, 15 min) at the end of the run"
    }
}

/// The report is the program's output, so it goes to standard output as is; diagnostics go
/// through the logger.
enum BenchOutput {
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
