import Foundation
import DoodleClient
import DoodleCore
import Logging

/// The pair scenario (LoadTests/README.md, "Pair mode"): N pairs, one partner of each online
/// at a time, swapping every rotation; measures the drawings saved per second (acknowledged
/// with `drawingSent`, which the server sends only once the drawing is stored), the time from
/// `submitDrawing` to `drawingSent`, entries, errors, and whether every acknowledged drawing
/// reached its recipient.
public struct PairLoad: Sendable {
    let configuration: PairLoadConfiguration
    let url: String
    let probe: (@Sendable () -> ProcessSample?)?
    let logger: Logger

    /// Pairs set up at once: pairing is two connections, a few messages and three writes each.
    static let setUpConcurrency = 32

    public init(configuration: PairLoadConfiguration, url: String, probe: (@Sendable () -> ProcessSample?)?, logger: Logger) {
        self.configuration = configuration
        self.url = url
        self.probe = probe
        self.logger = logger
    }

    public func run() async -> PairLoadResult {
        let clock = LoadClock()
        let setUpStart = ContinuousClock.now
        var stats = PairLoadStats()
        let pairs = (0..<configuration.pairs).map { PairLoadPair(index: $0, url: url, configuration: configuration, logger: logger) }
        var partners: [Int: [PairLoadPair.Partner]] = [:]
        await withTaskGroup(of: (Int, [PairLoadPair.Partner]?, PairLoadStats).self) { group in
            var next = 0
            func addNext() {
                guard next < pairs.count else { return }
                let pair = pairs[next]
                next += 1
                group.addTask {
                    var stats = PairLoadStats()
                    let partners = await pair.pairUp(stats: &stats)
                    return (pair.index, partners, stats)
                }
            }
            for _ in 0..<Self.setUpConcurrency { addNext() }
            for await (index, pairPartners, pairStats) in group {
                stats.merge(pairStats)
                partners[index] = pairPartners
                addNext()
            }
        }
        let setUp = ContinuousClock.now - setUpStart
        logger.info("pairs set up", metadata: ["pairs": "\(stats.pairsSetUp)", "seconds": "\(setUp)"])

        let now = clock.nanoseconds()
        let timeline = PairLoadPair.Timeline(
            clock: clock, windowStart: now + UInt64(configuration.warmupSeconds) * 1_000_000_000,
            windowEnd: now + UInt64(configuration.warmupSeconds + configuration.windowSeconds) * 1_000_000_000)
        let rotation = configuration.rotationSeconds
        let samples = await withTaskGroup(of: PairTaskOutcome.self) { group -> (ProcessSample?, ProcessSample?, PairStoreMetrics?) in
            for pair in pairs {
                guard var pairPartners = partners[pair.index] else { continue }
                // Spread the swaps over the rotation, so entries arrive steadily rather than in waves.
                let firstTurn = Duration.seconds(rotation * Double(pair.index % 97 + 1) / 97)
                let firstOnline = pair.index % 2
                group.addTask {
                    var stats = PairLoadStats()
                    await pair.run(&pairPartners, timeline: timeline, firstOnline: firstOnline, firstTurn: firstTurn, stats: &stats)
                    return .pair(stats)
                }
            }
            let port = Self.port(of: url)
            group.addTask { [probe] in
                try? await Task.sleep(for: .nanoseconds(Int64(timeline.windowStart - min(clock.nanoseconds(), timeline.windowStart))))
                let first = probe?()
                let firstStore = if let port { await PairStoreMetrics.read(port: port) } else { PairStoreMetrics?.none }
                try? await Task.sleep(for: .nanoseconds(Int64(timeline.windowEnd - min(clock.nanoseconds(), timeline.windowEnd))))
                let lastStore = if let port { await PairStoreMetrics.read(port: port) } else { PairStoreMetrics?.none }
                let store = firstStore.flatMap { first in lastStore?.since(first) }
                return .samples(first, probe?(), store)
            }
            var samples: (ProcessSample?, ProcessSample?, PairStoreMetrics?) = (nil, nil, nil)
            for await outcome in group {
                switch outcome {
                case .pair(let pairStats): stats.merge(pairStats)
                case .samples(let first, let last, let store): samples = (first, last, store)
                }
            }
            return samples
        }
        return PairLoadResult(
            configuration: configuration, stats: stats, setUpSeconds: Self.seconds(setUp), serverAtWindowStart: samples.0,
            serverAtWindowEnd: samples.1, store: samples.2)
    }

    private enum PairTaskOutcome: Sendable {
        case pair(PairLoadStats)
        case samples(ProcessSample?, ProcessSample?, PairStoreMetrics?)
    }

    /// The port of a `ws://127.0.0.1:PORT/…` address, for `/metrics` on the same server.
    static func port(of url: String) -> Int? {
        guard let hostStart = url.range(of: "://") else { return nil }
        let afterHost = url[hostStart.upperBound...]
        guard let colon = afterHost.firstIndex(of: ":") else { return nil }
        return Int(afterHost[afterHost.index(after: colon)...].prefix { $0.isNumber })
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
