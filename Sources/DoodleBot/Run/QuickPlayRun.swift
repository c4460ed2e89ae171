import DoodleCore
import Logging
import Synchronization

/// The bots of a `--quick-play` run: all start at once, each asks for a public room, and the
/// server decides where they sit. Reports are grouped afterwards by the room each bot ended in,
/// and room numbers are given in the order the rooms were first entered.
struct QuickPlayRun: Sendable {
    let options: BotOptions
    let quickPlay: QuickPlayOptions
    let url: String
    let seed: UInt64
    let logger: Logger
    let events: @Sendable (BotRunEvent) -> Void

    func run() async -> [RoomReport] {
        let rooms = QuickPlayRooms()
        var bots = await withTaskGroup(of: (Int, BotReport)?.self) { group in
            for index in 0..<options.count {
                let bot = player(index)
                group.addTask { (index, await bot.run { forward($0, from: bot, rooms: rooms) }) }
            }
            // A bot alone in a room waits for a second player forever: the time limit ends the
            // run, and the cancelled bots report why they stopped.
            group.addTask { [limit = quickPlay.timeLimit] in
                try? await Task.sleep(for: limit)
                return nil
            }
            var reports: [(Int, BotReport)] = []
            while let next = await group.next() {
                guard let report = next else {
                    group.cancelAll()
                    continue
                }
                reports.append(report)
                if reports.count == options.count { group.cancelAll() }
            }
            return reports.sorted { $0.0 < $1.0 }.map(\.1)
        }
        // Bots the time limit cancelled say so, rather than a bare "cancelled".
        let ranOut = "the time limit (\(quickPlay.timeLimit)) ran out before this bot saw a game end"
        for index in bots.indices where bots[index].failure == "cancelled" { bots[index].failure = ranOut }
        return rooms.reports(grouping: bots)
    }

    private func player(_ index: Int) -> BotPlayer {
        let configuration = BotBrainConfiguration(
            name: "\(options.namePrefix)\(index + 1)", entry: .quickPlay(wordPack: quickPlay.wordPack), skill: options.skill,
            speed: options.speed, strict: options.strict, liking: options.liking, vocabulary: options.vocabulary, mode: options.roomMode)
        let botSeed = seed &+ UInt64(index) &* 0x9E37
        return BotPlayer(url: url, configuration: configuration, seed: botSeed, reconnect: options.reconnect, logger: logger)
    }

    /// Progress comes from one bot per room (the first in), so each room prints one line per change.
    private func forward(_ notice: BotNotice, from bot: BotPlayer, rooms: QuickPlayRooms) {
        let name = bot.configuration.name
        switch notice {
        case .enteredRoom(let code):
            let (room, isReporter) = rooms.enter(code: code, bot: name)
            if isReporter { events(.enteredRoom(room: room, code: code, created: false)) }
        case .progress(let progress):
            if let room = rooms.room(reportedBy: name, code: progress.code) { events(.progress(room: room, progress)) }
        case .violation(let violation):
            events(.violation(room: rooms.room(of: name), bot: name, violation))
        case .failed(let reason):
            events(.botFailed(room: rooms.room(of: name), bot: name, reason: reason))
        case .gameEnded:
            break
        }
    }
}

/// Which rooms the quick-play bots landed in, shared by their tasks.
final class QuickPlayRooms: Sendable {
    private struct State {
        /// Room number (1-based, in order of first entry) and the bot that reports it, per code.
        var rooms: [String: (number: Int, reporter: String)] = [:]
        var roomOfBot: [String: Int] = [:]
    }

    private let state = Mutex(State())

    /// Records that `bot` entered `code`; the first bot in a room reports its progress.
    func enter(code: String, bot: String) -> (room: Int, isReporter: Bool) {
        state.withLock { state in
            let room = state.rooms[code] ?? (number: state.rooms.count + 1, reporter: bot)
            state.rooms[code] = room
            state.roomOfBot[bot] = room.number
            return (room.number, room.reporter == bot)
        }
    }

    func room(reportedBy bot: String, code: String) -> Int? {
        state.withLock { state in state.rooms[code].flatMap { $0.reporter == bot ? $0.number : nil } }
    }

    /// The room `bot` is in; 0 before it entered one.
    func room(of bot: String) -> Int {
        state.withLock { $0.roomOfBot[bot] ?? 0 }
    }

    /// One report per room the bots ended in, numbered as they were entered; bots that never
    /// got a seat form a last room without a code.
    func reports(grouping bots: [BotReport]) -> [RoomReport] {
        let numbers = state.withLock { state in state.rooms.mapValues(\.number) }
        let byRoom = Dictionary(grouping: bots) { bot in bot.roomCode.flatMap { numbers[$0] } ?? 0 }
        let seated = byRoom.keys.filter { $0 > 0 }.sorted().map { RoomReport(room: $0, bots: byRoom[$0] ?? []) }
        let unseated = byRoom[0].map { [RoomReport(room: (seated.last?.room ?? 0) + 1, bots: $0)] } ?? []
        return seated + unseated
    }
}
