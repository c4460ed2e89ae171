import DoodleClient
import DoodleCore
import Foundation
import Logging

/// What one room of a restart run saw.
public struct RestartRoomRecord: Sendable {
    public var index: Int
    /// The drawer's player id, whose archived drawings are counted at the end.
    public var drawerId: String?
    public var failures: [String] = []
    /// Per player (the drawer first), per stop.
    public var players: [[RestartResume]] = []
    /// Per stop: the drawer's messages the server had applied (echoed back) before it stopped
    /// and that the restored canvas lacks.
    public var lostMessages: [Int] = []
    /// Per player: `turnEnded` events seen for the turn ended at the end of the run (1 each).
    public var turnEnds: [Int] = []
    public var messagesSent = 0
}

/// One player's return after one stop.
public struct RestartResume: Sendable {
    /// From the server listening again to this player's `roomState`; nil if it never came back.
    public var took: Duration?
    public var newEpoch = false
}

/// One room: made on the first connections, then each player on its own, session after
/// session: reading (the drawer drawing too) until its connection ends, then reconnecting to
/// the same address with its token until it is back in the room.
struct RestartRoom: Sendable {
    let index: Int
    let configuration: RestartScenario.Configuration
    let timeline: RestartTimeline
    let logger: Logger

    static let clientConfiguration = DoodleClient.Configuration(recordsTranscript: false)

    /// A player as the server knows it, and where its reading got to.
    struct Seat: Sendable {
        var name: String
        var token: String
        var lastSeq: Int
        /// The room's epoch as the player last saw it: a restore changes it.
        var epoch: String?
    }

    /// What one player's run came to.
    struct PlayerOutcome: Sendable {
        var resumes: [RestartResume] = []
        var lost: [Int] = []
        var turnEnds = 0
        var sent = 0
        var failure: String?
    }

    func run() async -> RestartRoomRecord {
        var record = RestartRoomRecord(index: index)
        do {
            let outcomes = try await withConnections(configuration.players, []) { connections in
                let (seats, drawerId) = try await setUp(connections)
                record.drawerId = drawerId
                timeline.roomReady()
                return await withTaskGroup(of: (Int, PlayerOutcome).self) { group in
                    for (position, connection) in connections.enumerated() {
                        let seat = seats[position]
                        group.addTask { (position, await play(seat, first: connection, drawer: position == 0)) }
                    }
                    var outcomes: [Int: PlayerOutcome] = [:]
                    for await (position, outcome) in group { outcomes[position] = outcome }
                    return (0..<connections.count).compactMap { outcomes[$0] }
                }
            }
            record.players = outcomes.map(\.resumes)
            record.lostMessages = outcomes.first?.lost ?? []
            record.turnEnds = outcomes.map(\.turnEnds)
            record.messagesSent = outcomes.first?.sent ?? 0
            record.failures = outcomes.compactMap(\.failure)
        } catch {
            record.failures.append("setup: \(error)")
            timeline.roomReady()
        }
        return record
    }

    /// Opens `count` connections, nested.
    private func withConnections<T>(_ count: Int, _ opened: [DoodleConnection], _ body: ([DoodleConnection]) async throws -> T) async throws -> T {
        if opened.count == count { return try await body(opened) }
        return try await DoodleClient.withConnection(to: timeline.url, configuration: Self.clientConfiguration, logger: logger) { connection in
            try await withConnections(count, opened + [connection], body)
        }
    }

    /// Player 0 makes the room and draws; the others join; the game starts. Returns the seats
    /// and the drawer's player id.
    private func setUp(_ connections: [DoodleConnection]) async throws -> ([Seat], String) {
        var seats: [Seat] = []
        var drawerId = ""
        for (position, connection) in connections.enumerated() {
            let name = "restart\(index)-\(position)"
            let welcome = try await connection.hello(name: name, timeout: .seconds(15))
            if position == 0 { drawerId = welcome.playerId }
            seats.append(Seat(name: name, token: welcome.token, lastSeq: 0, epoch: nil))
        }
        let settings = SettingsPatch(
            maxPlayers: max(connections.count, 2), rounds: 1, drawSeconds: 240, chooseSeconds: 30, revealSeconds: 0,
            wordChoices: 1, hints: 0, customWords: [RestartScenario.word], customWordsOnly: true)
        let room = try await connections[0].createRoom(settings: settings, timeout: .seconds(15))
        for connection in connections.dropFirst() { _ = try await connection.joinRoom(code: room.code, timeout: .seconds(15)) }
        try await connections[0].send(.startGame)
        _ = try await connections[0].receiveFirst(timeout: .seconds(15)) { if case .chooseWord = $0 { true } else { nil } }
        try await connections[0].send(.chooseWord(index: 0))
        for (position, connection) in connections.enumerated() {
            let state = try await connection.sync(timeout: .seconds(15))
            guard state.phase == .drawing else { throw LoadError.setupFailed("room \(index) is not drawing after the word was chosen") }
            seats[position].lastSeq = state.seq
            seats[position].epoch = state.epoch
        }
        return (seats, drawerId)
    }

    // MARK: - One player, session after session

    private func play(_ seat: Seat, first: DoodleConnection, drawer: Bool) async -> PlayerOutcome {
        var outcome = PlayerOutcome()
        var seat = seat
        var progress = DrawerProgress(plan: configuration.plan)
        var session = await playSession(first, seat: seat, drawer: drawer, progress: progress, outcome: &outcome)
        for stop in 0..<configuration.stops.count {
            guard case .closed(let lastSeq, let epoch, let after) = session else { break }
            seat.lastSeq = lastSeq
            seat.epoch = epoch
            progress = after
            guard let next = await resume(seat, after: stop, drawer: drawer, progress: progress, outcome: &outcome) else {
                outcome.failure = outcome.failure ?? "player \(seat.name) did not come back after stop \(stop + 1)"
                return outcome
            }
            session = next
        }
        if case .failed(let reason) = session { outcome.failure = reason }
        return outcome
    }

    enum SessionEnd: Sendable {
        /// The server ended the connection (it stopped): what the player had seen by then.
        case closed(lastSeq: Int, epoch: String?, DrawerProgress)
        /// The turn ended, the run is over.
        case finished
        case failed(String)
    }

    /// What a `hello` that resumes the seat is answered with.
    private enum ResumeAnswer {
        case state(RoomSnapshot)
        /// The seat is on another node (a cluster): the player goes there.
        case redirect(String)
    }

    /// Reconnects with backoff (the server is down for a while) until `hello` and the room's
    /// `roomState` come back, then plays the session on that connection. A `redirect` is
    /// followed at once; a redirect to a node that does not answer (it was killed, and its
    /// lease has not run out) sends the player back to its address, after the backoff.
    private func resume(
        _ seat: Seat, after stop: Int, drawer: Bool, progress: DrawerProgress, outcome: inout PlayerOutcome
    ) async -> SessionEnd? {
        let giveUp = ContinuousClock.now + .seconds(60)
        var delay = Duration.milliseconds(50)
        var redirectedTo: String?
        while ContinuousClock.now < giveUp {
            do {
                var resumed: RestartResume?
                var lost: Int?
                let url = redirectedTo ?? timeline.url
                redirectedTo = nil
                let end = try await DoodleClient.withConnection(to: url, configuration: Self.clientConfiguration, logger: logger) { connection in
                    _ = try await connection.hello(name: seat.name, token: seat.token, lastSeq: seat.lastSeq, timeout: .seconds(15))
                    let answer = try await connection.receiveFirst(timeout: .seconds(15)) { message -> ResumeAnswer? in
                        switch message {
                        case .roomState(let state): .state(state)
                        case .redirect(let redirect): .redirect(redirect.url)
                        default: nil
                        }
                    }
                    guard case .state(let state) = answer else {
                        if case .redirect(let next) = answer { redirectedTo = next }
                        return (SessionEnd?.none, PlayerOutcome())
                    }
                    let arrived = ContinuousClock.now
                    resumed = RestartResume(took: timeline.restart(after: stop).map { arrived - $0 }, newEpoch: state.epoch != seat.epoch)
                    var progress = progress
                    if drawer { lost = progress.restored(from: state) }
                    var inner = PlayerOutcome()
                    let next = Seat(name: seat.name, token: seat.token, lastSeq: state.seq, epoch: state.epoch)
                    let end = await playSession(connection, seat: next, drawer: drawer, progress: progress, outcome: &inner)
                    return (Optional(end), inner)
                }
                guard let ended = end.0 else { continue }
                outcome.resumes.append(resumed ?? RestartResume())
                if let lost { outcome.lost.append(lost) }
                outcome.turnEnds += end.1.turnEnds
                outcome.sent += end.1.sent
                return ended
            } catch {
                try? await Task.sleep(for: delay)
                delay = min(delay * 2, .milliseconds(400))
            }
        }
        outcome.resumes.append(RestartResume())
        return nil
    }

    /// Reads everything on `connection` (the drawer also draws) until it ends, or until the run
    /// finishes: then the guessers guess the word and the session ends a second after the
    /// `turnEnded`, so that a second one would be counted.
    private func playSession(
        _ connection: DoodleConnection, seat: Seat, drawer: Bool, progress: DrawerProgress, outcome: inout PlayerOutcome
    ) async -> SessionEnd {
        let (sender, reader) = await withTaskGroup(of: SessionPart.self) { group in
            if drawer {
                group.addTask { .sent(await draw(on: connection, from: progress.nextOrdinal)) }
            }
            group.addTask { await read(connection, seat: seat, drawer: drawer, progress: progress) }
            var sent: Int?
            var reading: SessionPart?
            for await part in group {
                if case .sent(let count) = part { sent = count } else { reading = part }
            }
            return (sent, reading)
        }
        outcome.sent += sender.map { $0 - progress.nextOrdinal } ?? 0
        guard case .read(let end, let turnEnds, var after) = reader else { return .failed("no reader") }
        outcome.turnEnds += turnEnds
        if let sender { after.nextOrdinal = max(after.nextOrdinal, sender) }
        if case .closed(let lastSeq, let epoch, _) = end { return .closed(lastSeq: lastSeq, epoch: epoch, after) }
        return end
    }

    enum SessionPart: Sendable {
        case sent(Int)
        case read(SessionEnd, turnEnds: Int, DrawerProgress)
    }

    /// Sends the plan's messages at its rate until the connection fails or the run finishes;
    /// returns the next ordinal.
    private func draw(on connection: DoodleConnection, from start: Int) async -> Int {
        let interval = Duration.seconds(1) / configuration.plan.messagesPerSecond
        var ordinal = start
        var due = ContinuousClock.now
        while !timeline.isFinishing {
            do {
                try await Task.sleep(until: due, clock: .continuous)
                try await connection.send(.draw(configuration.plan.action(ordinal: ordinal)))
            } catch {
                return ordinal
            }
            ordinal += 1
            due += interval
            if ContinuousClock.now - due > interval { due = .now }
        }
        return ordinal
    }

    private func read(_ connection: DoodleConnection, seat: Seat, drawer: Bool, progress: DrawerProgress) async -> SessionPart {
        var lastSeq = seat.lastSeq
        var epoch = seat.epoch
        var progress = progress
        var turnEnds = 0
        var guessed = false
        var finishingSince: ContinuousClock.Instant?
        var endedAt: ContinuousClock.Instant?
        while true {
            if let endedAt, ContinuousClock.now - endedAt > .seconds(1) { return .read(.finished, turnEnds: turnEnds, progress) }
            if timeline.isFinishing {
                let since = finishingSince ?? .now
                finishingSince = since
                if ContinuousClock.now - since > .seconds(15) {
                    return .read(.failed("\(seat.name): no turnEnded within 15 s of the guesses"), turnEnds: turnEnds, progress)
                }
                if !drawer && !guessed {
                    guessed = true
                    try? await connection.send(.guess(text: RestartScenario.word))
                }
            }
            let message: ServerMessage
            do {
                message = try await connection.receive(timeout: .milliseconds(250))
            } catch DoodleClientError.timedOut {
                continue
            } catch {
                return .read(.closed(lastSeq: lastSeq, epoch: epoch, progress), turnEnds: turnEnds, progress)
            }
            if let seq = message.seq { lastSeq = seq }
            if case .roomState(let state) = message { epoch = state.epoch }
            switch message {
            case .event(.drawing(let action, _), _) where drawer:
                progress.applied(action)
            case .event(.turnEnded, _):
                turnEnds += 1
                endedAt = endedAt ?? .now
            default:
                break
            }
        }
    }
}

/// The drawer's account of its strokes: what the server applied (echoed back), against which a
/// restored canvas is checked.
struct DrawerProgress: Sendable {
    let plan: StrokePlan
    /// The next message to send.
    var nextOrdinal = 0
    /// Point-carrying messages (strokeBegin, strokePoints) the server echoed back.
    var appliedPointMessages = 0

    init(plan: StrokePlan) { self.plan = plan }

    mutating func applied(_ action: DrawingAction) {
        switch action {
        case .strokeBegin, .strokePoints: appliedPointMessages += 1
        case .strokeEnd, .fill, .undo, .clear: break
        }
    }

    /// Takes the restored canvas as the truth from now on; returns how many applied messages
    /// it lacks. The next stroke starts above the highest stroke id the room has seen.
    mutating func restored(from state: RoomSnapshot) -> Int {
        let numbers = state.strokes.reduce(0) { total, item in
            if case .stroke(let stroke) = item { total + stroke.points.count } else { total }
        }
        let restoredMessages = Int(Double(numbers) / (2 * plan.shape.meanPointsPerMessage))
        let lost = max(0, appliedPointMessages - restoredMessages)
        appliedPointMessages = restoredMessages
        nextOrdinal = max(nextOrdinal, plan.firstOrdinal(ofStroke: (state.lastStrokeId ?? 0) + 1))
        return lost
    }
}
