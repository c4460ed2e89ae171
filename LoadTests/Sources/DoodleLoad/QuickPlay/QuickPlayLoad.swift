import DoodleClient
import Foundation
import Histogram
import Logging

/// Quick play under a steady stream of strangers: `players` arrive `rate` per second, each
/// connects, says `hello` and sends `quickPlay`, then stays seated counting room events until a
/// common end (the last arrival plus `holdSeconds`). Measures how long seating takes, how many
/// rooms the server made against the ideal, and whether any room event went missing.
public struct QuickPlayLoad: Sendable {
    public let configuration: QuickPlayLoadConfiguration
    /// Where arrivals go, round-robin (one node, or the nodes of a cluster).
    public let urls: [String]
    public let probe: (@Sendable () -> ProcessSample?)?
    public let logger: Logger

    public init(configuration: QuickPlayLoadConfiguration, urls: [String], probe: (@Sendable () -> ProcessSample?)?, logger: Logger) {
        self.configuration = configuration
        self.urls = urls
        self.probe = probe
        self.logger = logger
    }

    public func run() async -> QuickPlayLoadResult {
        let before = probe?()
        let start = ContinuousClock.now
        let interval = Duration.seconds(1) / configuration.rate
        let deadline = start + .seconds(configuration.arrivalSeconds) + .seconds(configuration.holdSeconds)
        let outcomes = await withTaskGroup(of: QuickPlayerOutcome.self) { group in
            for index in 0..<configuration.players {
                // Arrivals keep to the schedule however long seating takes: a slow server must
                // not slow the arrivals down, or the measurement would flatter it.
                try? await Task.sleep(until: start + interval * index, clock: .continuous)
                let player = QuickPlayer(
                    name: "qp\(index)", url: urls[index % urls.count], wordPack: configuration.wordPack,
                    abandons: { [configuration] code in configuration.abandons(code) }, deadline: deadline,
                    answerTimeout: .seconds(configuration.answerTimeoutSeconds), logger: logger)
                group.addTask { await player.run() }
            }
            let arrivalsDone = ContinuousClock.now
            logger.info("all players arrived", metadata: ["late": "\(arrivalsDone - (start + interval * (configuration.players - 1)))"])
            var outcomes: [QuickPlayerOutcome] = []
            outcomes.reserveCapacity(configuration.players)
            for await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
        let after = probe?()
        return QuickPlayLoadResult(
            configuration: configuration, nodes: urls.count, outcomes: outcomes, elapsed: ContinuousClock.now - start,
            serverCPUSeconds: after.flatMap { after in before.map { after.cpuSeconds - $0.cpuSeconds } },
            serverPeakResidentBytes: after?.peakResidentBytes)
    }
}
