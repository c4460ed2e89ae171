import DoodleClient
import DoodleCore
import Logging
import Synchronization

import Foundation

/// Runs one room of a drawing load: opens its connections, sets the room up so that
/// connection 0 draws, then streams strokes from the drawer — and, as its `life` says, wrong
/// guesses from the others — while every connection (the drawer too, which gets its own
/// messages back) reads and checks everything, until the run or the room's lifetime ends and
/// everything sent has arrived or the drain deadline passes. A room whose lifetime ended is
/// left by its players.
struct RoomDriver: Sendable {
    let target: LoadTarget
    let handle: RoomHandle
    let plan: StrokePlan
    let clock: LoadClock
    let stop: StopSignal
    /// A host connection makes the room and leaves it before the game (`DrawingLoad.Configuration`).
    var hostLeaves = false
    var life = RoomLife()
    let logger: Logger

    static let configuration = DoodleClient.Configuration(recordsTranscript: false)

    /// Never throws: a failure is reported through `report` (setup) or the receivers' stats.
    func run(report: @escaping @Sendable (RoomSetupOutcome) -> Void) async {
        if case .cluster(let urls) = target, !urls.isEmpty {
            return await runOnCluster(urls: urls, report: report)
        }
        do {
            let hosts: Int
            if case .doodle = target, hostLeaves { hosts = 1 } else { hosts = 0 }
            try await withConnections(hosts + handle.receivers.count, []) { opened in
                let seqs: [Int]
                do {
                    seqs = try await hosts == 1 ? setUpWithLeavingHost(opened) : setUp(opened)
                } catch {
                    report(.failed(index: handle.index, reason: "\(error)"))
                    return
                }
                report(.ready(index: handle.index, connections: opened.count, redirects: 0))
                await stream(Array(opened.dropFirst(hosts)), lastSeqs: seqs)
            }
        } catch {
            report(.failed(index: handle.index, reason: "\(error)"))
        }
    }

    /// A room on a cluster: created on node `index mod n`; each joiner starts on the next node,
    /// is redirected to the host, and joins there on a new connection with its token.
    private func runOnCluster(urls: [String], report: @escaping @Sendable (RoomSetupOutcome) -> Void) async {
        let host = urls[handle.index % urls.count]
        let elsewhere = urls[(handle.index + 1) % urls.count]
        do {
            try await DoodleClient.withConnection(to: host, configuration: Self.configuration, logger: logger) { creator in
                let room: RoomSnapshot
                do {
                    try await creator.hello(name: "load\(handle.index)-0")
                    room = try await creator.createRoom(settings: Self.settings(players: handle.receivers.count))
                } catch {
                    return report(.failed(index: handle.index, reason: "\(error)"))
                }
                try await withJoiners(code: room.code, startingAt: elsewhere, [creator], seqs: [room.seq], redirects: 0) {
                    connections, seqs, redirects in
                    let started: [Int]
                    do {
                        started = try await startDrawing(connections, seqs: seqs)
                    } catch {
                        return report(.failed(index: handle.index, reason: "\(error)"))
                    }
                    report(.ready(index: handle.index, connections: connections.count, redirects: redirects))
                    await stream(connections, lastSeqs: started)
                }
            }
        } catch {
            report(.failed(index: handle.index, reason: "\(error)"))
        }
    }

    /// Joins the rest of the room's players one by one, nested, each following its redirect.
    private func withJoiners(
        code: String, startingAt url: String, _ joined: [DoodleConnection], seqs: [Int], redirects: Int,
        _ body: ([DoodleConnection], [Int], Int) async throws -> Void
    ) async throws {
        if joined.count == handle.receivers.count { return try await body(joined, seqs, redirects) }
        try await DoodleClient.withJoinedConnection(
            to: url, name: "load\(handle.index)-\(joined.count)", code: code, configuration: Self.configuration, logger: logger
        ) { connection, _, room, followed in
            try await withJoiners(
                code: code, startingAt: url, joined + [connection], seqs: seqs + [room.seq], redirects: redirects + followed, body)
        }
    }

    /// Opens `count` connections, nested (a room has at most 16).
    private func withConnections(
        _ count: Int, _ opened: [DoodleConnection], _ body: ([DoodleConnection]) async throws -> Void
    ) async throws {
        if opened.count == count { return try await body(opened) }
        try await DoodleClient.withConnection(to: target.url, configuration: Self.configuration, logger: logger) { connection in
            try await withConnections(count, opened + [connection], body)
        }
    }

    // MARK: - Setup

    /// Makes the room and returns each connection's `seq` baseline, with connection 0 drawing
    /// and every frame it read meanwhile already checked.
    private func setUp(_ connections: [DoodleConnection]) async throws -> [Int] {
        switch target {
        case .doodle, .cluster: try await setUpDoodle(connections)
        case .relay: try await setUpRelay(connections)
        }
    }

    private func setUpDoodle(_ connections: [DoodleConnection]) async throws -> [Int] {
        for (index, connection) in connections.enumerated() {
            try await connection.hello(name: "load\(handle.index)-\(index)")
        }
        let room = try await connections[0].createRoom(settings: Self.settings(players: connections.count))
        var seqs = [room.seq]
        for connection in connections.dropFirst() {
            seqs.append(try await connection.joinRoom(code: room.code).seq)
        }
        return try await startDrawing(connections, seqs: seqs)
    }

    /// Connection 0 says `hello`, makes the room and leaves it once the others have joined; the
    /// first to join becomes the owner and draws first. The room stays on the event loop of the
    /// connection that made it, so the drawer is on that loop only by chance (about half the
    /// rooms on 2 loops), as in every turn of a real game after the first. Returns the seq
    /// baselines of the players (all connections but 0).
    private func setUpWithLeavingHost(_ connections: [DoodleConnection]) async throws -> [Int] {
        for (index, connection) in connections.enumerated() {
            try await connection.hello(name: "load\(handle.index)-\(index == 0 ? "host" : "\(index - 1)")")
        }
        let players = Array(connections.dropFirst())
        let room = try await connections[0].createRoom(settings: Self.settings(players: connections.count))
        var seqs: [Int] = []
        for connection in players {
            seqs.append(try await connection.joinRoom(code: room.code).seq)
        }
        try await connections[0].send(.leaveRoom)
        var tracker = SequenceTracker(lastSeq: seqs[0])
        _ = try await players[0].receive(timeout: .seconds(10)) { message in
            tracker.observe(message)
            if case .event(.ownerChanged, _) = message { return true }
            if case .error(let error) = message { throw error }
            return false
        }
        if let violation = tracker.violations.first { throw LoadError.setupFailed("new owner: \(violation)") }
        seqs[0] = tracker.lastSeq ?? seqs[0]
        return try await startDrawing(players, seqs: seqs)
    }

    /// The creator draws first; one custom word and wordChoices 1 make the choice trivial,
    /// hints 0 keeps hint events out of the stream, and there is no reveal pause between turns.
    /// By default one long turn, which outlasts the run; the lean generator's rooms play
    /// `rounds` of shorter ones.
    static func settings(players: Int, rounds: Int = 1, drawSeconds: Int = 240) -> SettingsPatch {
        SettingsPatch(
            maxPlayers: max(players, 2), rounds: rounds, drawSeconds: drawSeconds, chooseSeconds: 30, revealSeconds: 0,
            wordChoices: 1, hints: 0, customWords: [RoomLife.word], customWordsOnly: true)
    }

    /// Starts the game in a full room and waits until connection 0 draws; returns each
    /// connection's `seq` baseline, with the frames the drawer read meanwhile already checked.
    private func startDrawing(_ connections: [DoodleConnection], seqs: [Int]) async throws -> [Int] {
        var seqs = seqs
        try await connections[0].send(.startGame)
        var tracker = SequenceTracker(lastSeq: seqs[0])
        _ = try await connections[0].receive(timeout: .seconds(10)) { message in
            tracker.observe(message)
            if case .chooseWord = message { return true }
            if case .error(let error) = message { throw error }
            return false
        }
        try await connections[0].send(.chooseWord(index: 0))
        _ = try await connections[0].receive(timeout: .seconds(10)) { message in
            tracker.observe(message)
            if case .event(.phaseDrawing, _) = message { return true }
            if case .error(let error) = message { throw error }
            return false
        }
        if let violation = tracker.violations.first { throw LoadError.setupFailed("drawer: \(violation)") }
        seqs[0] = tracker.lastSeq ?? seqs[0]
        handle.turnsDrawn.add(1, ordering: .relaxed)
        return seqs
    }

    private func setUpRelay(_ connections: [DoodleConnection]) async throws -> [Int] {
        var seqs: [Int] = []
        for connection in connections {
            try await connection.sendRaw(RelayWire.join(room: "room\(handle.index)"))
            let frame = try await connection.receiveFrame(timeout: .seconds(10))
            guard let seq = RelayWire.joinedSeq(frame.text) else {
                throw LoadError.setupFailed("unexpected relay answer: \(frame.text.prefix(200))")
            }
            seqs.append(seq)
        }
        return seqs
    }

    // MARK: - Streaming

    private func stream(_ connections: [DoodleConnection], lastSeqs: [Int]) async {
        let ending = RoomEnding(run: stop)
        await withTaskGroup(of: Void.self) { group in
            for (index, connection) in connections.enumerated() {
                group.addTask { [plan, handle, clock] in
                    let receiver = StrokeReceiver(
                        plan: plan, sendLog: handle.sendLog, clock: clock, stats: handle.receivers[index], member: index,
                        lastSeq: lastSeqs[index])
                    await read(connection, receiver: receiver, ending: ending)
                }
            }
            group.addTask { await draw(connections[0], ending: ending) }
            if target.isDoodle {
                for (index, connection) in connections.enumerated().dropFirst() {
                    guard let guesser = life.wrongGuesser(room: handle.index, guesser: index) else { break }
                    group.addTask { await guess(connection, index: index, guesser, ending: ending) }
                }
            }
            if life.lifetime != nil {
                group.addTask { [life, clock] in await ending.endRoom(after: life, clock: clock) }
            }
        }
        guard ending.room.isStopping, !stop.isStopping else { return }
        // The room's time is up: its players leave it, as at the end of a real game.
        for connection in connections {
            if target.isDoodle { try? await connection.send(.leaveRoom) }
        }
    }

    /// A guesser's wrong guesses, on its schedule, until the room ends.
    private func guess(_ connection: DoodleConnection, index: Int, _ guesser: RoomLife.WrongGuesser, ending: RoomEnding) async {
        var due = ContinuousClock.now + guesser.firstDelay
        var count = 0
        while !ending.isStopping {
            if ContinuousClock.now < due {
                try? await Task.sleep(for: min(.milliseconds(250), due - ContinuousClock.now))
                continue
            }
            let (text, next) = guesser.guess(count)
            do {
                try await connection.send(.guess(text: text, drawingId: nil))
            } catch {
                if !ending.isStopping { handle.receivers[index].recordFailure("guess: \(error)") }
                return
            }
            handle.guessesSent.add(1, ordering: .relaxed)
            count += 1
            due += next
        }
    }

    /// Sends the plan's messages at its rate until told to stop. A drawer that falls behind
    /// does not burst to catch up (that would break the contract's rate limit); the achieved
    /// rate shows it.
    private func draw(_ connection: DoodleConnection, ending: RoomEnding) async {
        let interval = Duration.seconds(1) / plan.messagesPerSecond
        var due = clock.nextInstant(period: interval, phase: life.phase)
        var ordinal = 0
        defer { handle.sendLog.finish() }
        while !ending.isStopping {
            do {
                try await Task.sleep(until: due, clock: .continuous)
                handle.sendLog.noteSend(at: clock.nanoseconds())
                try await connection.send(.draw(plan.action(ordinal: ordinal)))
            } catch {
                if !(error is CancellationError) { handle.receivers[0].recordFailure("send: \(error)") }
                return
            }
            ordinal += 1
            due += interval
            let now = ContinuousClock.now
            if now - due > interval { due = now }
        }
    }

    /// Reads and checks every frame until everything the drawer sent has arrived after the
    /// stop, the drain deadline passes, or the connection ends.
    private func read(_ connection: DoodleConnection, receiver: StrokeReceiver, ending: RoomEnding) async {
        let stats = receiver.stats
        while true {
            do {
                receiver.receive(try await connection.receiveFrame(timeout: .milliseconds(250)))
                // Everything that arrived meanwhile, without another wait.
                for frame in connection.takeBufferedFrames() { receiver.receive(frame) }
            } catch DoodleClientError.timedOut {
                // Nothing for a while: fall through to the stop checks.
            } catch {
                if !ending.isStopping { stats.recordFailure("\(error)") }
                return
            }
            let progress = handle.sendLog.progress
            if progress.finished && receiver.received >= progress.count { return }
            if ending.drainExpired(now: clock.nanoseconds()) { return }
        }
    }
}
