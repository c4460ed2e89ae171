import DoodleCore
import Logging

/// What a pair run reports while it goes, for progress output.
public enum PairRunEvent: Sendable, Equatable {
    case codeOpened(pair: Int, code: String)
    case paired(pair: Int, pairId: String)
    case unpaired(pair: Int)
    case violation(pair: Int, bot: String, BotViolation)
    case botFailed(pair: Int, bot: String, reason: String)
}

/// The entry point of `doodle-bot --pair`: plays `pairs` pairs of bots concurrently, each from
/// its pair code to its `unpaired`.
public enum PairRunner {
    /// - Parameter events: progress as it happens; called from the bots' tasks.
    /// - Returns: the report; its `succeeded` is false if any bot failed, saw a violation, or a
    ///   drawing acknowledged to one partner never reached the other.
    /// - Throws: ``BotOptionsError`` for invalid options.
    public static func run(
        _ options: PairRunOptions, logger: Logger, events: @escaping @Sendable (PairRunEvent) -> Void = { _ in }
    ) async throws -> PairRunReport {
        try options.validate()
        let url = try BotOptions.webSocketURL(for: options.server)
        let seed = options.seed ?? UInt64.random(in: .min ... .max)
        let start = ContinuousClock.now
        let reports = await withTaskGroup(of: PairReport.self) { group in
            for pair in 1...options.pairs {
                let run = PairRun(pair: pair, options: options, url: url, seed: seed, start: start, logger: logger, events: events)
                group.addTask { await run.run() }
            }
            var reports: [PairReport] = []
            for await report in group { reports.append(report) }
            return reports.sorted { $0.pair < $1.pair }
        }
        return PairRunReport(pairs: reports, seed: seed, elapsed: ContinuousClock.now - start)
    }
}

/// The two bots of one pair: the creator opens its code, the joiner joins with it.
struct PairRun: Sendable {
    let pair: Int
    let options: PairRunOptions
    let url: String
    let seed: UInt64
    let start: ContinuousClock.Instant
    let logger: Logger
    let events: @Sendable (PairRunEvent) -> Void

    func run() async -> PairReport {
        let (codes, codeContinuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(1))
        let creator = player(role: .creator, suffix: "a", index: 0)
        let (code, reports) = await withTaskGroup(of: (Int, PairBotReport).self) { group -> (String?, [PairBotReport]) in
            group.addTask {
                defer { codeContinuation.finish() }
                let report = await creator.run(start: start) { notice in
                    if case .pairCode(let code) = notice { codeContinuation.yield(code) }
                    forward(notice, from: creator, isReporter: true)
                }
                return (0, report)
            }
            var codeIterator = codes.makeAsyncIterator()
            let code = await codeIterator.next()
            if let code {
                let joiner = player(role: .joiner(code: code), suffix: "b", index: 1)
                group.addTask { (1, await joiner.run(start: start) { forward($0, from: joiner, isReporter: false) }) }
            }
            var reports: [(Int, PairBotReport)] = []
            for await report in group { reports.append(report) }
            return (code, reports.sorted { $0.0 < $1.0 }.map(\.1))
        }
        return PairReport(pair: pair, code: code, bots: reports)
    }

    private func player(role: PairBotConfiguration.Role, suffix: String, index: UInt64) -> PairBotPlayer {
        let configuration = PairBotConfiguration(
            name: "\(options.namePrefix)\(pair)\(suffix)", role: role, drawings: options.drawings, skill: options.skill, speed: options.speed,
            offlineChance: options.offlineChance, vocabulary: options.vocabulary)
        // Each bot its own stream of choices, reproducible from the run's seed.
        let botSeed = seed &+ UInt64(pair) &* 0x1_0000_0001 &+ index &* 0x9E37
        return PairBotPlayer(
            url: url, configuration: configuration, seed: botSeed, reconnect: options.reconnect, timeLimit: options.timeLimit, logger: logger)
    }

    private func forward(_ notice: PairBotNotice, from bot: PairBotPlayer, isReporter: Bool) {
        switch notice {
        case .pairCode(let code): events(.codeOpened(pair: pair, code: code))
        case .paired(let pairId): if isReporter { events(.paired(pair: pair, pairId: pairId)) }
        case .unpaired: if isReporter { events(.unpaired(pair: pair)) }
        case .violation(let violation): events(.violation(pair: pair, bot: bot.configuration.name, violation))
        case .failed(let reason): events(.botFailed(pair: pair, bot: bot.configuration.name, reason: reason))
        }
    }
}
