import DoodleCore
import Logging

/// What a run reports while it goes, for progress output.
public enum BotRunEvent: Sendable, Equatable {
    /// A room's first bot is in the room: the invite code to share (`created`) or the room joined.
    case enteredRoom(room: Int, code: String, created: Bool)
    /// A room's phase changed (reported by the room's first bot).
    case progress(room: Int, RoomProgress)
    case violation(room: Int, bot: String, BotViolation)
    case botFailed(room: Int, bot: String, reason: String)
}

/// The entry point of `doodle-bot`, and the building block of load tests: plays `rooms` rooms
/// of `count` bots each, concurrently, to the end of their games.
public enum BotRunner {
    /// - Parameter events: progress as it happens; called from the bots' tasks.
    /// - Returns: the report; its `succeeded` is false if any bot failed or saw a violation.
    /// - Throws: ``BotOptionsError`` for invalid options. Failures while playing are in the report.
    public static func run(
        _ options: BotOptions, logger: Logger, events: @escaping @Sendable (BotRunEvent) -> Void = { _ in }
    ) async throws -> BotRunReport {
        try options.validate()
        let url = try BotOptions.webSocketURL(for: options.server)
        var joinURL = url
        if let joinServer = options.joinServer { joinURL = try BotOptions.webSocketURL(for: joinServer, option: "--join-server") }
        let seed = options.seed ?? UInt64.random(in: .min ... .max)
        let start = ContinuousClock.now
        if case .quickPlay(let quickPlay) = options.mode {
            let run = QuickPlayRun(options: options, quickPlay: quickPlay, url: url, seed: seed, logger: logger, events: events)
            return BotRunReport(rooms: await run.run(), seed: seed, elapsed: ContinuousClock.now - start)
        }
        let reports = await withTaskGroup(of: RoomReport.self) { group in
            for room in 1...options.rooms {
                let run = RoomRun(room: room, options: options, url: url, joinURL: joinURL, seed: seed, logger: logger, events: events)
                group.addTask { await run.run() }
            }
            var reports: [RoomReport] = []
            for await report in group { reports.append(report) }
            return reports.sorted { $0.room < $1.room }
        }
        return BotRunReport(rooms: reports, seed: seed, elapsed: ContinuousClock.now - start)
    }
}

/// The bots of one room.
struct RoomRun: Sendable {
    let room: Int
    let options: BotOptions
    /// Where the creator connects.
    let url: String
    /// Where joiners connect first.
    let joinURL: String
    let seed: UInt64
    let logger: Logger
    let events: @Sendable (BotRunEvent) -> Void

    func run() async -> RoomReport {
        let bots: [BotReport]
        switch options.mode {
        case .create(let settings): bots = await runCreatedRoom(settings: settings)
        case .join(let code): bots = await runJoinedRoom(code: code)
        case .quickPlay: bots = []  // BotRunner runs quick play through QuickPlayRun.
        }
        return RoomReport(room: room, bots: bots)
    }

    /// The first bot creates the room; the others join once its code is known.
    private func runCreatedRoom(settings: SettingsPatch) async -> [BotReport] {
        let (codes, codeContinuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(1))
        return await withTaskGroup(of: (Int, BotReport).self) { group in
            let creator = player(0, entry: .create(settings, startWithPlayers: options.count))
            group.addTask {
                defer { codeContinuation.finish() }
                let report = await creator.run { notice in
                    if case .enteredRoom(let code) = notice { codeContinuation.yield(code) }
                    forward(notice, from: creator, isReporter: true, created: true)
                }
                return (0, report)
            }
            var codeIterator = codes.makeAsyncIterator()
            if let code = await codeIterator.next() {
                for index in 1..<options.count {
                    let joiner = player(index, entry: .join(code: code))
                    group.addTask { (index, await joiner.run { forward($0, from: joiner, isReporter: false, created: false) }) }
                }
            }
            return await collect(group: &group)
        }
    }

    private func runJoinedRoom(code: String) async -> [BotReport] {
        await withTaskGroup(of: (Int, BotReport).self) { group in
            for index in 0..<options.count {
                let joiner = player(index, entry: .join(code: code))
                group.addTask { (index, await joiner.run { forward($0, from: joiner, isReporter: index == 0, created: false) }) }
            }
            return await collect(group: &group)
        }
    }

    private func collect(group: inout TaskGroup<(Int, BotReport)>) async -> [BotReport] {
        var reports: [(Int, BotReport)] = []
        for await report in group { reports.append(report) }
        return reports.sorted { $0.0 < $1.0 }.map(\.1)
    }

    private func player(_ index: Int, entry: BotBrainConfiguration.Entry) -> BotPlayer {
        let configuration = BotBrainConfiguration(
            name: "\(options.namePrefix)\(index + 1)", entry: entry, skill: options.skill, speed: options.speed,
            strict: options.strict, liking: options.liking, vocabulary: options.vocabulary, mode: options.roomMode)
        // Each bot its own stream of choices, reproducible from the run's seed.
        let botSeed = seed &+ UInt64(room) &* 0x1_0000_0001 &+ UInt64(index) &* 0x9E37
        let start = if case .create = entry { url } else { joinURL }
        return BotPlayer(url: start, configuration: configuration, seed: botSeed, reconnect: options.reconnect, logger: logger)
    }

    private func forward(_ notice: BotNotice, from bot: BotPlayer, isReporter: Bool, created: Bool) {
        switch notice {
        case .enteredRoom(let code):
            if isReporter { events(.enteredRoom(room: room, code: code, created: created)) }
        case .progress(let progress):
            if isReporter { events(.progress(room: room, progress)) }
        case .violation(let violation):
            events(.violation(room: room, bot: bot.configuration.name, violation))
        case .failed(let reason):
            events(.botFailed(room: room, bot: bot.configuration.name, reason: reason))
        case .gameEnded:
            break
        }
    }
}
