import DoodleClient
import DoodleCore
import Logging
import NIOCore
import Synchronization

/// One room of the drawing load on lean connections (``LeanSocket``): the strokes, guesses,
/// checks and life of ``RoomDriver``'s rooms, with the drawer's and guessers' sends timed by
/// their event loop and every frame checked where it is read. A capacity search needs it: the
/// generator has one core, and `DoodleClient`'s per-frame tasks cost it about three times what
/// the server spends on the same deliveries. One server or the relay; not a cluster.
///
/// Unlike ``RoomDriver``'s, a lean room on Doodle plays turn after turn (``LeanTurns``): each
/// member draws in its turn, so a room can live as long as a real game.
struct LeanRoom: Sendable {
    let target: LoadTarget
    let handle: RoomHandle
    let plan: StrokePlan
    let turnLength: Duration
    let clock: LoadClock
    let stop: StopSignal
    let life: RoomLife
    let group: any EventLoopGroup
    let logger: Logger

    /// Never throws: a failure is reported through `report` (setup) or the receivers' stats.
    func run(report: @escaping @Sendable (RoomSetupOutcome) -> Void) async {
        var sockets: [LeanSocket] = []
        let turns = target.isDoodle ? LeanTurns(turnLength: turnLength, plan: plan, handle: handle) : nil
        do {
            for _ in handle.receivers { sockets.append(try await LeanSocket.connect(url: target.url, group: group)) }
            if let turns { try await setUpDoodle(sockets, turns: turns) } else { try await setUpRelay(sockets) }
        } catch {
            for socket in sockets { await socket.close() }
            report(.failed(index: handle.index, reason: "\(error)"))
            return
        }
        report(.ready(index: handle.index, connections: sockets.count, redirects: 0))
        await stream(sockets, turns: turns)
        for socket in sockets { await socket.close() }
    }

    // MARK: - Setup

    private func setUpDoodle(_ sockets: [LeanSocket], turns: LeanTurns) async throws {
        for (index, socket) in sockets.enumerated() {
            try socket.send(.hello(protocol: ServerMessage.protocolVersion, name: "load\(handle.index)-\(index)", token: nil, lastSeq: nil, avatar: nil))
            _ = try await socket.next { if case .welcome = $0.message { true } else { false } }
        }
        // The rules' most rounds of `turnLength` turns, which outlast any room's life.
        let settings = RoomDriver.settings(
            players: sockets.count, rounds: DrawingLoad.turnByTurnRounds, drawSeconds: Int(turnLength.components.seconds))
        try sockets[0].send(.createRoom(mode: .party, settings: settings))
        let created = try await sockets[0].next { if case .roomState = $0.message { true } else { false } }
        guard case .roomState(let room) = created.message else { throw LoadError.setupFailed("no roomState") }
        for socket in sockets.dropFirst() {
            try socket.send(.joinRoom(code: room.code, spectate: false))
            _ = try await socket.next { if case .roomState = $0.message { true } else { false } }
        }
        try sockets[0].send(.startGame)
        _ = try await sockets[0].next { if case .chooseWord = $0.message { true } else { false } }
        try sockets[0].send(.chooseWord(index: 0))
        for socket in sockets {
            _ = try await socket.next { if case .event(.phaseDrawing, _) = $0.message { true } else { false } }
        }
        for (index, socket) in sockets.enumerated() {
            try await socket.startStreaming(turns: turns) { [plan, handle, clock] lastSeq in
                StrokeReceiver(plan: plan, sendLog: handle.sendLog, clock: clock, stats: handle.receivers[index], member: index, lastSeq: lastSeq)
            }
        }
        // The first turn is the creator's; the members' connections take the turns after it.
        turns.begin(drawer: 0, now: clock.nanoseconds())
    }

    private func setUpRelay(_ sockets: [LeanSocket]) async throws {
        for (index, socket) in sockets.enumerated() {
            socket.send(text: RelayWire.join(room: "room\(handle.index)"))
            let joined = try await socket.next { RelayWire.joinedSeq($0.text) != nil }
            let seq = RelayWire.joinedSeq(joined.text) ?? 0
            try await socket.startStreaming(relaySeq: seq) { [plan, handle, clock] lastSeq in
                StrokeReceiver(plan: plan, sendLog: handle.sendLog, clock: clock, stats: handle.receivers[index], member: index, lastSeq: lastSeq)
            }
        }
        // Every member's join is in before anyone draws, so each one's baseline is the room's
        // current seq (the relay numbers only relayed frames).
    }

    // MARK: - Streaming

    /// Streams until the room ends: the drawer's messages at the plan's rate from whoever holds
    /// the turn (`turns`; member 0 always on the relay), every other member's wrong guesses.
    private func stream(_ sockets: [LeanSocket], turns: LeanTurns?) async {
        let ending = RoomEnding(run: stop)
        let interval = Duration.seconds(1) / plan.messagesPerSecond
        // One timer for the room, whoever draws: the room keeps its point of the period.
        LeanTimer.start(on: sockets[0].channel.eventLoop, first: clock.nextInstant(period: interval, phase: life.phase), ending: ending) {
            [plan, handle, clock] _ in
            let ordinal = handle.sendLog.progress.count
            let now = clock.nanoseconds()
            switch turns?.tick(ordinal: ordinal, beginsStroke: plan.beginsStroke(ordinal: ordinal), now: now) ?? .send(from: 0) {
            case .send(let sender):
                handle.sendLog.noteSend(at: now, by: sender)
                sockets[sender].send(text: plan.wireText(ordinal: ordinal))
            case .idle:
                handle.ticksBetweenTurns.add(1, ordering: .relaxed)
            case .everyoneGuesses(let drawer):
                handle.ticksBetweenTurns.add(1, ordering: .relaxed)
                for (index, socket) in sockets.enumerated() where index != drawer {
                    try? socket.send(.guess(text: RoomLife.word, drawingId: nil))
                }
            }
            return interval
        } onStop: { [handle] in
            handle.sendLog.finish()
        }
        if let turns {
            for (index, socket) in sockets.enumerated() {
                guard let guesser = life.wrongGuesser(room: handle.index, guesser: index) else { break }
                LeanTimer.start(on: socket.channel.eventLoop, first: ContinuousClock.now + guesser.firstDelay, ending: ending) {
                    [handle] count in
                    let (text, next) = guesser.guess(count)
                    // The drawer does not guess its own word.
                    if !turns.isDrawing(index) {
                        try? socket.send(.guess(text: text, drawingId: nil))
                        handle.guessesSent.add(1, ordering: .relaxed)
                    }
                    return next
                } onStop: {}
            }
        }
        await ending.endRoom(after: life, clock: clock)
        // Then every member gets what was sent, or the drain runs out.
        while !ending.drainExpired(now: clock.nanoseconds()) {
            let progress = handle.sendLog.progress
            if progress.finished {
                var all = true
                for socket in sockets where await socket.received() < progress.count {
                    all = false
                    break
                }
                if all { break }
            }
            try? await Task.sleep(for: .milliseconds(50))
        }
        guard ending.room.isStopping, !stop.isStopping, target.isDoodle else { return }
        // The room's time is up: its players leave it, as at the end of a real game.
        turns?.end()
        for socket in sockets { try? socket.send(.leaveRoom) }
    }
}

/// A repeating send on an event loop, at instants it computes itself: each firing returns the
/// time to the next. It stops, calling `onStop` once, when `ending` says so; a firing that
/// comes more than one period late starts the count from now instead of bursting to catch up.
enum LeanTimer {
    static func start(
        on loop: any EventLoop, first: ContinuousClock.Instant, ending: RoomEnding,
        fire: @escaping @Sendable (_ count: Int) -> Duration, onStop: @escaping @Sendable () -> Void
    ) {
        loop.execute {
            schedule(on: loop, at: first, count: 0, ending: ending, fire: fire, onStop: onStop)
        }
    }

    private static func schedule(
        on loop: any EventLoop, at due: ContinuousClock.Instant, count: Int, ending: RoomEnding,
        fire: @escaping @Sendable (Int) -> Duration, onStop: @escaping @Sendable () -> Void
    ) {
        loop.scheduleTask(in: .nanoseconds(Int64(clamping: (due - ContinuousClock.now).clampedNanoseconds))) {
            guard !ending.isStopping else { return onStop() }
            let gap = fire(count)
            var next = due + gap
            let now = ContinuousClock.now
            if now - next > gap { next = now }
            schedule(on: loop, at: next, count: count + 1, ending: ending, fire: fire, onStop: onStop)
        }
    }
}
