import Foundation

/// What one pair run measured (LoadTests/README.md, "Pair mode").
public struct PairLoadResult: Sendable, Codable, Equatable {
    public var configuration: PairLoadConfiguration
    public var pairsSetUp: Int
    public var setUpSeconds: Double
    /// Drawings acknowledged (`drawingSent`, sent once stored) within the window, per second.
    public var savesPerSecond: Double
    /// `submitDrawing` written → `drawingSent` read, within the window.
    public var acknowledgement: LatencySummary
    /// `hello` written → the pair room's `roomState` read, within the window.
    public var entry: LatencySummary
    public var saves: Int
    public var submits: Int
    public var guesses: Int
    public var resolved: Int
    public var entries: Int
    public var entriesByCreateRoom: Int
    public var errors: [String: Int]
    public var sequenceViolations: Int
    public var undecodable: Int
    public var failedSessions: Int
    public var failures: [String]
    public var undelivered: Int
    /// The server's CPU use over the window, in percent of one core; nil against `--server`.
    public var serverCPUPercent: Double?
    public var serverResidentMiB: Double?
    /// The server's own timing of the durable write `drawingSent` waits for, over the window
    /// (`doodle_pair_store_seconds`): the mean, and the histogram bucket holding the 99th percentile.
    public var storeMeanMilliseconds: Double?
    public var storeP99BucketMilliseconds: Double?

    init(
        configuration: PairLoadConfiguration, stats: PairLoadStats, setUpSeconds: Double, serverAtWindowStart: ProcessSample?,
        serverAtWindowEnd: ProcessSample?, store: PairStoreMetrics?
    ) {
        self.configuration = configuration
        pairsSetUp = stats.pairsSetUp
        self.setUpSeconds = setUpSeconds
        savesPerSecond = Double(stats.savesInWindow) / Double(configuration.windowSeconds)
        acknowledgement = LatencySummary(stats.acknowledgement)
        entry = LatencySummary(stats.entry)
        saves = stats.saves
        submits = stats.submits
        guesses = stats.guesses
        resolved = stats.resolved
        entries = stats.entries
        entriesByCreateRoom = stats.entriesByCreateRoom
        errors = stats.errors
        sequenceViolations = stats.sequenceViolations
        undecodable = stats.undecodable
        failedSessions = stats.failedSessions
        failures = stats.failures
        undelivered = stats.undelivered
        storeMeanMilliseconds = store?.meanMilliseconds
        storeP99BucketMilliseconds = store?.bound(percentile: 99)
        if let first = serverAtWindowStart, let last = serverAtWindowEnd {
            serverCPUPercent = (last.cpuSeconds - first.cpuSeconds) / Double(configuration.windowSeconds) * 100
            serverResidentMiB = Double(last.residentBytes) / 1_048_576
        }
    }

    /// Every pair set up, every session ran, nothing refused, lost, out of order or undelivered.
    public var isComplete: Bool {
        pairsSetUp == configuration.pairs && failedSessions == 0 && errors.isEmpty && sequenceViolations == 0 && undecodable == 0
            && undelivered == 0 && saves == submits
    }

    public var text: String {
        func ms(_ value: Double) -> String { String(format: "%.1f", value) }
        var lines = [
            "pair mode: \(configuration.pairs) pairs (\(configuration.pairs * 2) clients, half offline at any time, swapping every "
                + "\(configuration.rotationSeconds) s), drawings of \(configuration.strokesPerDrawing)×\(configuration.pointsPerStroke) points, "
                + "\(configuration.thinkMilliseconds) ms between a drawingSent and the next drawing",
            "  set up \(pairsSetUp)/\(configuration.pairs) pairs in \(ms(setUpSeconds)) s; window \(configuration.windowSeconds) s after \(configuration.warmupSeconds) s warm-up",
            "  saved (drawingSent) \(String(format: "%.1f", savesPerSecond))/s; submit → drawingSent p50 \(ms(acknowledgement.p50)) ms, "
                + "p99 \(ms(acknowledgement.p99)) ms, max \(ms(acknowledgement.max)) ms (\(acknowledgement.count) in the window)",
            "  entries \(entries) (\(entriesByCreateRoom) by createRoom); hello → roomState p50 \(ms(entry.p50)) ms, p99 \(ms(entry.p99)) ms, max \(ms(entry.max)) ms",
            "  all run: \(submits) submits, \(saves) acknowledged, \(guesses) guesses, \(resolved) drawings resolved",
            "  errors \(errors.isEmpty ? "none" : errors.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")); "
                + "seq violations \(sequenceViolations); undecodable \(undecodable); failed sessions \(failedSessions); undelivered \(undelivered)",
        ]
        if let serverCPUPercent, let serverResidentMiB {
            lines.append("  server CPU \(String(format: "%.0f", serverCPUPercent))% of a core over the window, RSS \(String(format: "%.0f", serverResidentMiB)) MiB")
        }
        if let storeMeanMilliseconds {
            lines.append(
                "  the server's durable write (doodle_pair_store_seconds): mean \(ms(storeMeanMilliseconds)) ms, "
                    + "p99 ≤ \(storeP99BucketMilliseconds.map(ms) ?? "?") ms (histogram bucket)")
        }
        lines += failures.map { "  failure: \($0)" }
        lines.append("  completeness: \(isComplete ? "PASS" : "FAIL")")
        return lines.joined(separator: "\n") + "\n"
    }
}
