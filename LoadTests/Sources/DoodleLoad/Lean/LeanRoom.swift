import DoodleClient
import DoodleCore
import Logging
import NIOCore
import Synchronization

/// One room of the drawing load on lean connections (``LeanSocket``): the same room, strokes,
/// guesses, checks and life as ``RoomDriver``'s, with the drawer's and guessers' sends timed by
/// their event loop and every frame checked where it is read. A capacity search needs it: the
/// generator has one core, and `DoodleClient`'s per-frame tasks cost it about three times what
/// the server spends on the same deliveries. One server or the relay; not a cluster.
struct LeanRoom: Sendable {
    let target: LoadTarget
    let handle: RoomHandle
    let plan: StrokePlan
    let clock: LoadClock
    let stop: StopSignal
    let life: RoomLife
    let group: any EventLoopGroup
    let logger: Logger

    /// Never throws: a failure is reported through `report` (setup) or the receivers' stats.
    func run(report: @escaping @Sendable (RoomSetupOutcome) -> Void) async {
        var sockets: [LeanSocket] = []
        do {
            for _ in handle.receivers { sockets.append(try await LeanSocket.connect(url: target.url, group: group)) }
            if target.isDoodle { try await setUpDoodle(sockets) } else { try await setUpRelay(sockets) }
        } catch {
            for socket in sockets { await socket.close() }
            report(.failed(index: handle.index, reason: "\(error)"))
            return
        }
        report(.ready(index: handle.index, connections: sockets.count, redirects: 0))
        await stream(sockets)
        for socket in sockets { await socket.close() }
    }

    // MARK: - Setup

    private func setUpDoodle(_ sockets: [LeanSocket]) async throws {
        for (index, socket) in sockets.enumerated() {
            try socket.send(.hello(protocol: ServerMessage.protocolVersion, name: "load\(handle.index)-\(index)", token: nil, lastSeq: nil, avatar: nil))
            _ = try await socket.next { if case .welcome = $0.message { true } else { false } }
        }
        try sockets[0].send(.createRoom(mode: .party, settings: RoomDriver.settings(players: sockets.count)))
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
            try await socket.startStreaming { [plan, handle, clock] lastSeq in
                StrokeReceiver(plan: plan, sendLog: handle.sendLog, clock: clock, stats: handle.receivers[index], lastSeq: lastSeq)
            }
        }
    }

    private func setUpRelay(_ sockets: [LeanSocket]) async throws {
        for (index, socket) in sockets.enumerated() {
            socket.send(text: RelayWire.join(room: "room\(handle.index)"))
            let joined = try await socket.next { RelayWire.joinedSeq($0.text) != nil }
            let seq = RelayWire.joinedSeq(joined.text) ?? 0
            try await socket.startStreaming(relaySeq: seq) { [plan, handle, clock] lastSeq in
                StrokeReceiver(plan: plan, sendLog: handle.sendLog, clock: clock, stats: handle.receivers[index], lastSeq: lastSeq)
            }
        }
        // Every member's join is in before anyone draws, so each one's baseline is the room's
        // current seq (the relay numbers only relayed frames).
    }

    // MARK: - Streaming

    private func stream(_ sockets: [LeanSocket]) async {
        let ending = RoomEnding(run: stop)
        let interval = Duration.seconds(1) / plan.messagesPerSecond
        LeanTimer.start(on: sockets[0].channel.eventLoop, first: clock.nextInstant(period: interval, phase: life.phase), ending: ending) {
            [plan, handle, clock] ordinal in
            handle.sendLog.noteSend(at: clock.nanoseconds())
            try? sockets[0].send(.draw(plan.action(ordinal: ordinal)))
            return interval
        } onStop: { [handle] in
            handle.sendLog.finish()
        }
        if target.isDoodle {
            for (index, socket) in sockets.enumerated().dropFirst() {
                guard let guesser = life.wrongGuesser(room: handle.index, guesser: index) else { break }
                LeanTimer.start(on: socket.channel.eventLoop, first: ContinuousClock.now + guesser.firstDelay, ending: ending) {
                    [handle] count in
                    let (text, next) = guesser.guess(count)
                    try? socket.send(.guess(text: text, drawingId: nil))
                    handle.guessesSent.add(1, ordering: .relaxed)
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
