import Logging

/// The smoke run CI relies on: a few small rooms for a few seconds. It passes only when every
/// stroke message reached every member exactly once, in order.
public enum QuickScenario {
    public static let rooms = 4
    public static let players = 4

    public static func configuration(target: LoadTarget) -> DrawingLoad.Configuration {
        DrawingLoad.Configuration(
            target: target, playersPerRoom: players, plan: StrokePlan(messagesPerSecond: 20, pointsPerBatch: 8, strokeLength: 10),
            warmup: .seconds(1), window: .seconds(4), setupChunk: rooms, drain: .seconds(5))
    }

    public static func run(target: LoadTarget, logger: Logger, probe: (@Sendable () -> ProcessSample?)? = nil) async -> DrawingRunResult {
        await DrawingLoad(configuration: configuration(target: target), logger: logger, probe: probe).run(roomSteps: [rooms])
    }

    /// Why a quick run failed, or nil when it passed.
    public static func failure(of result: DrawingRunResult) -> String? {
        if !result.totals.isClean {
            let totals = result.totals
            return "lost \(totals.lost), out of order \(totals.outOfOrder), seq gaps \(totals.seqGaps), unrecognised \(totals.unrecognised), "
                + "server errors \(totals.serverErrors), failures: \(totals.failures.joined(separator: "; "))"
        }
        if result.totals.sent == 0 || result.totals.receivedDeliveries == 0 { return "nothing was sent or delivered" }
        return nil
    }
}
