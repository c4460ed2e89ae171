import DoodleCore
import Logging
import NIOCore

/// One room: owns its state machine, feeds it events, and carries out what it returns —
/// sending frames, closing connections, scheduling the next timer, handing records to storage.
///
/// The actor runs on one NIO event loop (its creator's) rather than on the shared thread pool:
/// a drawing message read on that loop is handled there and then, with no task and no thread
/// switch (`handleNow`), and its frames for connections on the same loop are written in
/// the same pass of the loop; one read on another loop reaches it as a single job on its loop.
actor Room {
    nonisolated let code: String
    nonisolated let eventLoop: any EventLoop
    private var machine: RoomStateMachine
    private var connections: [PlayerID: OutboundQueue] = [:] {
        didSet { recipientQueues.invalidate() }
    }
    private var recipientQueues = RecipientQueues()
    private var replay: ReplayBuffer
    /// The replay buffer holds at most this many bytes: a larger catch-up is sent as one `roomState`.
    private let replayByteLimit: Int
    private let encoder = FrameEncoder()
    private let clock: any GameClock
    private let archive: any GameArchive
    private let metrics: ServerMetrics
    private let logger: Logger
    /// Where the room records the seats it takes and frees, for the `hello`s that resume them.
    private let seats: SeatIndex
    private let onExpired: @Sendable (String) async -> Void
    /// Told when a public room's counts, phase or openness change (and once when it turns private).
    private let onPublicStatus: @Sendable (PublicRoomStatus) async -> Void
    /// The status last told, so that only changes are.
    private var toldStatus: PublicRoomStatus?
    private let work: AsyncStream<Work>.Continuation
    private nonisolated let workStream: AsyncStream<Work>
    private var scheduledDeadline: Int64?
    /// The deadlines a sleeper waits for: a deadline scheduled again while its sleeper still
    /// waits gets no second one. (Without this, each earlier deadline that came and went before
    /// the phase's end left one more sleeper waiting for that end.)
    private var sleepingUntil: Set<Int64> = []
    /// The earliest instant a checkpoint wake is armed for (`armCheckpointWake`); nil when none is.
    private var checkpointWakeAt: Int64?
    private var isClosed = false
    /// What reaches the room's checkpoint, and when.
    private var checkpointer: RoomCheckpointer
    /// Members of a restored room not yet back: the first resume of each gets a full
    /// `roomState` with the new epoch, whatever `lastSeq` it brings (the replay buffer of the
    /// room's previous life is gone, and a client told of events a crash lost must drop them).
    private var awaitingFirstResume: Set<PlayerID> = []
    /// The seats the room itself plays (`HouseBots`).
    private var houseBots: HouseBots

    /// A new room on its creator's event loop (`creatorQueue`'s), or (`creatorQueue` nil) a room
    /// restored from its checkpoint, whose members are all away until they resume.
    init(
        machine: RoomStateMachine, eventLoop: any EventLoop, creatorQueue: OutboundQueue?, checkpointer: RoomCheckpointer,
        replayCapacity: Int, replayByteLimit: Int, clock: any GameClock,
        archive: any GameArchive, metrics: ServerMetrics, logger: Logger,
        seats: SeatIndex, houseBots: HouseBots,
        onExpired: @escaping @Sendable (String) async -> Void,
        onPublicStatus: @escaping @Sendable (PublicRoomStatus) async -> Void
    ) {
        self.code = machine.code
        self.eventLoop = eventLoop
        self.machine = machine
        self.checkpointer = checkpointer
        self.replay = ReplayBuffer(capacity: replayCapacity, byteCapacity: replayByteLimit)
        self.replayByteLimit = replayByteLimit
        self.clock = clock
        self.archive = archive
        self.metrics = metrics
        self.logger = logger
        self.seats = seats
        self.houseBots = houseBots
        self.onExpired = onExpired
        self.onPublicStatus = onPublicStatus
        (workStream, work) = AsyncStream.makeStream(of: Work.self, bufferingPolicy: .unbounded)
        if let creatorQueue {
            if let creator = machine.memberIDs.first { connections[creator] = creatorQueue }
        } else {
            awaitingFirstResume = Set(machine.memberIDs).subtracting(machine.houseBotIDs)
        }
    }

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        eventLoop.executor.asUnownedSerialExecutor()
    }

    /// What the room's own task does: sleep until a deadline, or finish what a synchronous
    /// call could not (telling others about released seats or the room's end).
    private enum Work: Sendable {
        case deadline(Int64)
        case followUp(FollowUp)
    }

    /// What is left of carrying out effects once every frame has been queued.
    private struct FollowUp: Sendable {
        var released: [PlayerID] = []
        var expired = false
        var status: PublicRoomStatus?

        var isEmpty: Bool { released.isEmpty && !expired && status == nil }
    }

    /// Sends the creator its first `roomState`, and writes the room's first checkpoint.
    func start() async {
        await perform(machine.creationEffects())
        if let creator = machine.memberIDs.first { await seats.taken(creator, room: code) }
        writeCheckpoint()
    }

    /// Starts a restored room's timers (its deadlines were moved by the time it had no host),
    /// and carries out `effects`, what the restore itself decided (a turn found archived ends).
    /// Its first checkpoint in this life names this node and the new epoch.
    func startRestored(effects: [RoomEffect]) async {
        // Watchers too: a watcher resumes as one, on any node.
        for member in memberIDs() { await seats.taken(member, room: code) }
        // Its house bots play on here, from what the room is now.
        let now = clock.nowMillis()
        for bot in machine.houseBotIDs {
            let snapshot = machine.snapshot(for: bot)
            houseBots.seat(bot, name: snapshot.players.first { $0.id == bot }?.name ?? "Bot", wordPack: machine.settings.wordPack, now: now)
            houseBots.deliver(.roomState(snapshot), to: bot, now: now)
        }
        await perform(effects)
        writeCheckpoint()
        rescheduleTimer()
    }

    /// On a graceful stop, before its members are told to go: everything they were told goes
    /// into one last checkpoint, and the room takes no message, disconnect or timer after it.
    func writeFinalCheckpoint() {
        guard !isClosed else { return }
        writeCheckpoint(final: true)
        close()
    }

    private func writeCheckpoint(now: Int64? = nil, final: Bool = false) {
        guard !isClosed else { return }
        checkpointer.write(machine, now: now ?? clock.nowMillis(), final: final)
    }

    /// Runs the room's timers and follow-ups until the room is closed. One sleeper per
    /// requested deadline; a stale sleeper only causes a harmless extra `tick`.
    nonisolated func runTimers() async {
        await withDiscardingTaskGroup { group in
            for await item in workStream {
                switch item {
                case .deadline(let deadline):
                    group.addTask { [clock] in
                        do {
                            try await clock.sleep(untilMillis: deadline)
                        } catch {
                            return
                        }
                        await self.fireTimers(for: deadline)
                    }
                case .followUp(let followUp):
                    group.addTask { await self.finish(followUp) }
                }
            }
            group.cancelAll()
        }
    }

    func close() {
        isClosed = true
        work.finish()
    }

    /// An operator closes the room: every member hears `reason` and is let go (close 4005), and
    /// the room goes as an expired one does. Nobody joins it from now on. False when it was
    /// closed already.
    func closeByOperator(reason: String) async -> Bool {
        guard !isClosed else { return false }
        isClosed = true
        await perform(machine.close(reason: reason, now: clock.nowMillis()))
        return true
    }

    private func fireTimers(for deadline: Int64) async {
        sleepingUntil.remove(deadline)
        guard !isClosed else { return }
        await perform(machine.tick(now: clock.nowMillis()))
        await playHouseBots()
    }

    /// A lazy checkpoint is written by a wake on the room's loop, not by the room's task: a
    /// drawing room's falls due every second, and a sleeping task would cost thread switches
    /// each time (2.5% of the server's samples at 400 rooms, docs/performance.md). Rooms of one
    /// slot wake together, so their checkpoints still share a transaction.
    private func armCheckpointWake() {
        guard let due = checkpointer.due, due < checkpointWakeAt ?? .max else { return }
        checkpointWakeAt = due
        clock.wake(atMillis: due, on: eventLoop) { [self] in
            assumeIsolated { room in room.checkpointWakeCame(armedFor: due) }
        }
    }

    private func checkpointWakeCame(armedFor instant: Int64) {
        // A wake armed for later than the one armed since stays harmless: it writes nothing due.
        if checkpointWakeAt == instant { checkpointWakeAt = nil }
        guard !isClosed else { return }
        let now = clock.nowMillis()
        if let due = checkpointer.due, due <= now { writeCheckpoint(now: now) }
        armCheckpointWake()
    }

    // MARK: - Events from sessions

    /// Seats `player`, or with `spectate` lets it watch; the refusal, if any.
    ///
    /// - Parameter quickPlay: the registry chose this room for quick play from the status the
    ///   room last published; the room checks it again now, since its players may have gone
    ///   meanwhile, and refuses (`roomNotFound`, so the registry tries the next) where no game
    ///   could go on any more.
    func join(
        _ player: PlayerID, name: String, avatar: Avatar? = nil, spectate: Bool = false, quickPlay: Bool = false, queue: OutboundQueue
    ) async -> ProtocolError? {
        // The registry may have dropped this room (empty too long) after the joiner found it.
        if isClosed { return ProtocolError(.roomNotFound, "no room has that code") }
        if quickPlay {
            let status = machine.publicStatus
            guard spectate ? status.takesQuickSpectators : status.takesQuickPlayers else {
                return ProtocolError(.roomNotFound, "that room no longer takes quick players")
            }
        }
        switch machine.join(player, name: name, avatar: avatar, spectate: spectate, now: clock.nowMillis()) {
        case .failure(let error):
            return error
        case .success(let effects):
            connections[player] = queue
            // Frames first: an await before them would let another call's frames reach this
            // player ahead of its own `roomState`.
            await perform(effects)
            await seats.taken(player, room: code)
            return nil
        }
    }

    /// Re-seats a player on a new connection: replays what it missed after `lastSeq` when the
    /// buffer still holds it, else sends a full `roomState`. False when it holds no seat here.
    func resume(_ player: PlayerID, queue: OutboundQueue, lastSeq: Int?) async -> Bool {
        guard !isClosed, machine.isMember(player) else { return false }
        if let old = connections[player], old.id != queue.id {
            connections[player] = nil
        }
        // The reconnect event is addressed to the player too; it reaches it via the replay below.
        let effects = machine.reconnect(player, now: clock.nowMillis())
        await perform(effects)
        // Timers that were due when it came back may have taken its seat after all.
        guard machine.isMember(player) else { return false }
        connections[player] = queue
        let firstAfterRestore = awaitingFirstResume.remove(player) != nil
        // A telephone step's own canvas travels in no replayed event (its echo has no seq): the
        // resume gets it whole in a `roomState`, with the task after it.
        let ownCanvasOutsideReplay = machine.mode == .telephone && machine.phase == .step
        if !firstAfterRestore, !ownCanvasOutsideReplay, let lastSeq,
            let frames = replay.frames(for: player, after: lastSeq, currentSeq: machine.seq, maxBytes: replayByteLimit)
        {
            for frame in frames { queue.send(frame) }
        } else {
            queue.sendSnapshot(encoder.encode(.roomState(machine.snapshot(for: player))))
        }
        if let choices = machine.pendingChoices(for: player) {
            queue.send(encoder.encode(.chooseWord(choices: choices)))
        }
        if let task = machine.pendingTask(for: player) {
            queue.send(encoder.encode(.task(task)))
        }
        return true
    }

    func leave(_ player: PlayerID) async {
        guard !isClosed else { return }
        await perform(machine.leave(player, now: clock.nowMillis()))
    }

    /// The connection `queueID` of `player` ended. Ignored when a newer connection replaced it.
    func disconnected(_ player: PlayerID, queueID: UInt64) async {
        // A stopping server's closes are no departures: the room stays as its checkpoint has it.
        guard !isClosed, let queue = connections[player], queue.id == queueID else { return }
        connections[player] = nil
        await perform(machine.disconnect(player, now: clock.nowMillis()))
    }

    func rename(_ player: PlayerID, to name: String, avatar: Avatar? = nil) async {
        guard !isClosed else { return }
        await perform(machine.rename(player, to: name, avatar: avatar))
    }

    /// A fresh `roomState`, unless one is still on its way to that connection: then the one on
    /// its way, and the events after it, already bring the client up to date.
    func sync(_ player: PlayerID) {
        guard let queue = connections[player], !queue.hasPendingSnapshot else { return }
        queue.sendSnapshot(encoder.encode(.roomState(machine.snapshot(for: player))))
    }

    func handle(_ message: PartyMessage, from player: PlayerID) async {
        guard !isClosed else { return }
        await perform(machine.handle(message, from: player, now: clock.nowMillis()))
    }

    /// The same, synchronously, for a caller already on the room's event loop. Whatever would
    /// have to wait (it never does for drawing) is left to the room's task.
    func handleNow(_ message: PartyMessage, from player: PlayerID) {
        guard !isClosed else { return }
        let now = clock.nowMillis()
        let followUp = performNow(machine.handle(message, from: player, now: now), now: now)
        if !followUp.isEmpty { work.yield(.followUp(followUp)) }
    }

    /// Players and watchers: everyone whose place the directories record (house bots have none).
    func memberIDs() -> [PlayerID] {
        houseBots.isEmpty ? machine.memberIDs : machine.memberIDs.filter { !houseBots.plays($0) }
    }

    /// Sends what the house bots decided to send by now, each as its seat.
    private func playHouseBots() async {
        guard !houseBots.isEmpty else { return }
        let now = clock.nowMillis()
        for (bot, message) in houseBots.due(at: now) {
            guard !isClosed, houseBots.plays(bot) else { continue }
            if let partyMessage = message.forPartyRoom {
                await perform(machine.handle(partyMessage, from: bot, now: clock.nowMillis()))
            } else if case .session(.sync) = message {
                houseBots.deliver(.roomState(machine.snapshot(for: bot)), to: bot, now: now)
            }
            // Anything else a bot sends (a goodbye, a room of its own) is for bots with a
            // connection: the room keeps its bots until they are replaced or left alone.
        }
        rescheduleTimer()
    }

    /// The cluster forgot this room's seats while this node's lease had lapsed: they are
    /// recorded there again, watchers' places too.
    func recordSeatsAgain() async {
        await seats.recordedAgain(memberIDs(), room: code)
    }

    /// What a report about `player` filed from this room carries; nil if it never was in it.
    func reportContext(about player: PlayerID) -> ReportContext? {
        machine.reportContext(about: player)
    }

    /// What a report of this room (`POST /v1/reports {"roomCode"}`) carries.
    func roomReportContext() -> ReportContext {
        machine.roomReportContext
    }

    /// Public facts for an invite link.
    func publicInfo() -> RoomPublicInfo {
        let snapshot = machine.snapshot(for: "")
        return RoomPublicInfo(
            code: code, mode: snapshot.mode, phase: snapshot.phase, locked: snapshot.locked,
            maxPlayers: snapshot.settings.settings.maxPlayers,
            players: snapshot.players.map { RoomPublicInfo.Player(id: $0.id, name: $0.name, connected: $0.connected) })
    }

    // MARK: - Effects

    /// Carries out effects in order. Every frame is queued before anything awaits, so events
    /// of one call never interleave with those of another.
    private func perform(_ effects: [RoomEffect]) async {
        var followUp = performNow(effects, now: clock.nowMillis())
        followUp.status = changedPublicStatus()
        await finish(followUp)
    }

    /// The room's public status if it changed since last told. Private rooms are never told
    /// (nothing lists them); drawing never changes it, so the synchronous drawing path skips this.
    private func changedPublicStatus() -> PublicRoomStatus? {
        // A private room that never was public costs no status at all (it reaches here for
        // every message that comes by the room's task, drawing from other loops included).
        guard machine.settings.isPublic || toldStatus?.isPublic == true else { return nil }
        let status = machine.publicStatus
        guard status != toldStatus else { return nil }
        toldStatus = status
        return status
    }

    /// Queues every frame, hands records to storage and reschedules the timer; returns what
    /// needs waiting for. `now` is the time the queues book the frames at: the drawing path
    /// passes the one it gave the state machine, so a stroke reads the clock once.
    private func performNow(_ effects: [RoomEffect], now: Int64) -> FollowUp {
        var followUp = FollowUp()
        // Every member's drain in one job per event loop, once all the frames are queued.
        var drains = DrainBatch()
        defer { drains.schedule() }
        var change = RoomCheckpointer.Change.none
        for effect in effects {
            change.note(effect)
            switch effect {
            case .send(let recipients, let message):
                let frame = encoder.encode(message)
                if let seq = message.seq { replay.append(seq: seq, recipients: recipients, frame: frame) }
                let isSnapshot = if case .roomState = message { true } else { false }
                recipientQueues.forEach(of: recipients, in: connections) { queue in
                    if isSnapshot {
                        queue.sendSnapshot(frame, now: now, drains: &drains)
                    } else {
                        queue.send(frame, now: now, drains: &drains)
                    }
                }
                if !houseBots.isEmpty {
                    for player in recipients where houseBots.plays(player) { houseBots.deliver(message, to: player, now: now) }
                }
            case .close(let player, let code):
                connections[player]?.close(code, reason: Self.closeReason(code))
                connections[player] = nil
            case .seatReleased(let player):
                connections[player] = nil
                if houseBots.plays(player) {
                    houseBots.remove(player)
                } else {
                    followUp.released.append(player)
                }
            case .houseBotSeated(let bot, let name):
                houseBots.seat(bot, name: name, wordPack: machine.settings.wordPack, now: now)
            case .saveDrawing(let drawing):
                archive.submit(drawing)
            case .saveGame(let game):
                archive.submit(game)
            case .roomExpired:
                followUp.expired = true
            case .saveReaction(let reaction):
                archive.submit(reaction)
            case .chatMasked(_, let words):
                metrics.chatMasked(words: words)
            }
        }
        if followUp.expired {
            checkpointer.remove(code: code)
        } else if checkpointer.shouldWriteNow(after: change, now: now) {
            writeCheckpoint(now: now)
        }
        rescheduleTimer()
        return followUp
    }

    private func finish(_ followUp: FollowUp) async {
        if let status = followUp.status { await onPublicStatus(status) }
        for player in followUp.released { await seats.released(player, room: code) }
        if followUp.expired {
            logger.debug("room expired", metadata: ["room": "\(code)"])
            await onExpired(code)
        }
    }

    /// The close frame's reason for a close the room decides on.
    private static func closeReason(_ code: CloseCode) -> String {
        switch code {
        case .kicked: "kicked from the room"
        case .roomClosed: "the room was closed by an operator"
        default: "closed by the room"
        }
    }

    private func rescheduleTimer() {
        armCheckpointWake()
        var next = machine.nextDeadlineInPlace()
        if let wakeUp = houseBots.nextWakeUp, wakeUp < (next ?? .max) { next = wakeUp }
        if let next, next != scheduledDeadline, sleepingUntil.insert(next).inserted {
            work.yield(.deadline(next))
        }
        scheduledDeadline = next
    }
}

/// What `GET /v1/rooms/{code}` shows: enough for an invite link, nothing secret.
struct RoomPublicInfo: Sendable, Codable {
    struct Player: Sendable, Codable {
        var id: PlayerID
        var name: String
        var connected: Bool
    }

    var code: String
    var mode: RoomMode
    var phase: Phase
    var locked: Bool
    var maxPlayers: Int
    var players: [Player]
    /// The WebSocket address of the node hosting the room (set by the route that answers).
    var url: String?
}
