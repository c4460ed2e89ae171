import DoodleCore
import DoodleStorage
import Foundation
import Logging
import NIOCore

/// One formed pair's room: owns its `PairStateMachine`, feeds it events, and carries out what it
/// returns — frames to the partners present, and every change to the pair's rows, each written
/// before the room goes on. A submitted drawing is answered only once `PairRepository.store`
/// has committed it: the sender's client may drop its draft as soon as it hears `drawingSent`.
///
/// Events are handled strictly one after another (`exclusively`), from the WebSocket and from
/// HTTP alike, even across the awaited writes: a pair is two people, so waiting is cheap, and
/// the state machine never sees a half-done store.
actor PairRoom {
    nonisolated let pairId: String
    private var machine: PairStateMachine
    private var connections: [PlayerID: OutboundQueue] = [:]
    private var replay: ReplayBuffer
    private let replayByteLimit: Int
    private let pairs: any PairRepository
    private let clock: any GameClock
    private let logger: Logger
    private let metrics: ServerMetrics
    /// Told of every committed change to a partner's latest received drawing, before anyone
    /// hears of the change, so a widget's next poll reads it.
    private let latestHeads: LatestHeadCache
    private let encoder = FrameEncoder()
    /// Told once the pair has ended (unpaired), so whoever holds the room lets it go.
    private let onEnded: @Sendable (String) async -> Void
    /// The stored `seq`: every `seq` sent is at most this, so after a crash the room, loaded
    /// again from this, never goes back. Reserved ahead in blocks, one write per block.
    private var reservedSeq: Int
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []
    /// Set when the registry lets the room go: a caller that still holds it loads a new one.
    private(set) var isRetired = false

    init(
        machine: PairStateMachine, pairs: any PairRepository, replayCapacity: Int, replayByteLimit: Int, clock: any GameClock,
        metrics: ServerMetrics, latestHeads: LatestHeadCache, logger: Logger, onEnded: @escaping @Sendable (String) async -> Void
    ) {
        self.pairId = machine.pairId
        self.machine = machine
        self.pairs = pairs
        self.replay = ReplayBuffer(capacity: replayCapacity, byteCapacity: replayByteLimit)
        self.replayByteLimit = replayByteLimit
        self.clock = clock
        self.logger = logger
        self.metrics = metrics
        self.latestHeads = latestHeads
        self.onEnded = onEnded
        self.reservedSeq = machine.seq
    }

    /// How far ahead a `seq` reservation reaches.
    static let seqReservation = 64

    var isEnded: Bool { machine.isEnded }

    // MARK: - Presence

    /// The pair has just formed: the partners present enter together, each told by the room's
    /// first `roomState`. False when the room was retired meanwhile.
    func formed(present: [(player: PlayerID, queue: OutboundQueue)]) async -> Bool {
        await exclusively {
            guard !isRetired else { return false }
            machine.formed(present: present.map(\.player))
            for entrant in present {
                connections[entrant.player] = entrant.queue
                entrant.queue.sendSnapshot(frame(for: machine.snapshot(for: entrant.player)))
            }
            return true
        }
    }

    /// A partner enters on a connection: what it missed after `lastSeq` when the replay still
    /// holds it, else the room's `roomState`. False when the room was retired meanwhile.
    func enter(_ player: PlayerID, queue: OutboundQueue, lastSeq: Int?) async -> Bool {
        await exclusively {
            guard !isRetired else { return false }
            guard machine.isPartner(player) else { return true }
            connections[player] = queue
            let effects = machine.connect(player)
            if let lastSeq, let frames = replay.frames(for: player, after: lastSeq, currentSeq: machine.seq, maxBytes: replayByteLimit) {
                for frame in frames { queue.send(frame) }
                _ = await perform(effects)
            } else {
                // The snapshot, taken after the entry, already shows it: the entrant needs no event.
                queue.sendSnapshot(frame(for: machine.snapshot(for: player)))
                _ = await perform(effects.map { Self.excluding(player, from: $0) })
            }
            return true
        }
    }

    /// The connection `queueID` of `player` ended, or it left (`acknowledged`: it hears its own
    /// `playerConnection` too). Its draft is kept. True when nobody is left in the room.
    func left(_ player: PlayerID, queueID: UInt64, acknowledged: Bool) async -> Bool {
        await exclusively {
            guard let queue = connections[player], queue.id == queueID else { return connections.isEmpty }
            if !acknowledged { connections[player] = nil }
            _ = await perform(machine.disconnect(player))
            connections[player] = nil
            return connections.isEmpty
        }
    }

    func rename(_ player: PlayerID, to name: String) {
        machine.rename(player, to: name)
    }

    /// An operator deleted the stored drawing `drawingId`: if it was pending here, it goes, and
    /// each partner present gets a fresh `roomState` without it.
    func forget(drawingId: String) async {
        await exclusively {
            guard !isRetired, machine.forget(drawingId: drawingId) else { return }
            for (player, queue) in connections { queue.sendSnapshot(frame(for: machine.snapshot(for: player))) }
        }
    }

    /// A fresh `roomState`, unless one is still on its way to that connection.
    func sync(_ player: PlayerID) {
        guard let queue = connections[player], !queue.hasPendingSnapshot else { return }
        queue.sendSnapshot(frame(for: machine.snapshot(for: player)))
    }

    /// Lets the room go if nobody is in it and nothing is under way; from then on every call
    /// answers that the room is retired.
    func retireIfIdle() -> Bool {
        guard connections.isEmpty, !busy else { return false }
        isRetired = true
        return true
    }

    // MARK: - Messages from the WebSocket

    /// A pair message from a partner in the room.
    func handle(_ message: PairRoomMessage, from player: PlayerID) async {
        await exclusively {
            let now = clock.nowMillis()
            let effects: [PairEffect] =
                switch message {
                case .command(.beginDrawing(let clientDrawingId, let word)):
                    machine.beginDrawing(player, clientDrawingId: clientDrawingId, word: word)
                case .draw(let action): machine.draw(player, action)
                case .command(.submitDrawing(let clientDrawingId)): machine.submit(player, clientDrawingId: clientDrawingId, now: now)
                case .guess(let drawingId, let text): machine.guess(player, drawingId: drawingId, text: text)
                case .command(.giveUp(let drawingId)): machine.giveUp(player, drawingId: drawingId)
                case .command(.suggestWords): machine.suggestWords(player)
                case .command(.unpair): machine.unpair(by: player)
                }
            _ = await perform(effects)
        }
    }

    // MARK: - Calls from HTTP

    /// What the room answers a caller from outside (HTTP): the messages meant for it alone, in
    /// order, or nil when the room was retired and the caller must load it again.
    func upload(_ upload: PairUpload, by player: PlayerID) async -> [PairMessage]? {
        await fromOutside(player) { room, now in
            room.machine.upload(player, clientDrawingId: upload.clientDrawingId, word: upload.word, items: upload.items, now: now)
        }
    }

    func guess(drawingId: String, text: String, by player: PlayerID) async -> [PairMessage]? {
        await fromOutside(player) { room, _ in room.machine.guess(player, drawingId: drawingId, text: text) }
    }

    func giveUp(drawingId: String, by player: PlayerID) async -> [PairMessage]? {
        await fromOutside(player) { room, _ in room.machine.giveUp(player, drawingId: drawingId) }
    }

    func unpair(by player: PlayerID) async -> [PairMessage]? {
        await fromOutside(player) { room, _ in room.machine.unpair(by: player) }
    }

    private func fromOutside(_ player: PlayerID, _ event: (isolated PairRoom, Int64) -> [PairEffect]) async -> [PairMessage]? {
        await exclusively {
            guard !isRetired else { return nil }
            return await perform(event(self, clock.nowMillis()), answering: player)
        }
    }

    // MARK: - Effects

    /// Carries out effects in order: frames at once, storage awaited before what follows it.
    /// Messages to `caller` (a partner calling from outside the room) are handed back: those
    /// meant for it alone go nowhere else, room events also reach its connection if it has one.
    private func perform(_ effects: [PairEffect], answering caller: PlayerID? = nil) async -> [PairMessage] {
        var answers: [PairMessage] = []
        for effect in effects {
            switch effect {
            case .send(let recipients, let message):
                if let seq = message.seq, seq > reservedSeq { await reserveSeq(through: seq) }
                var recipients = recipients
                if let caller, recipients.contains(caller) {
                    answers.append(message)
                    if message.seq == nil { recipients.removeAll { $0 == caller } }
                }
                let frame = frame(for: message)
                if let seq = message.seq { replay.append(seq: seq, recipients: recipients, frame: frame) }
                for player in recipients { connections[player]?.send(frame) }
            case .storeDrawing(let submission):
                answers += await perform(await storeDrawing(submission), answering: caller)
            case .storeAttempt(let drawingId, let attempts):
                await attempt("storing an attempt") { try await $0.storeAttempt(drawingId: drawingId, attempts: attempts) }
            case .storeResolution(let resolution, let status):
                let seq = machine.seq
                let now = clock.nowMillis()
                let notification = notificationOfGuess(resolution, at: now)
                await attempt("storing a resolution") {
                    try await $0.storeResolution(resolution, status: status, pairId: self.pairId, seq: seq, at: now, notification: notification)
                }
            case .storeDraft(let player, let draft):
                let now = clock.nowMillis()
                await attempt("storing a draft") { try await $0.storeDraft(of: player, draft, at: now) }
            case .endPair(let player, _):
                let seq = machine.seq
                let now = clock.nowMillis()
                let notification = notificationOfUnpairing(by: player, at: now)
                let toldLive = Set(connections.keys)
                await attempt("ending the pair") {
                    try await $0.end(pairId: self.pairId, by: player, seq: seq, at: now, toldLive: toldLive, notification: notification)
                }
                // Neither partner has a latest drawing once unpaired: both widgets show the starter.
                for partner in [player, machine.partner(of: player)].compactMap(\.self) { latestHeads.invalidate(partner) }
                isRetired = true
                await onEnded(pairId)
            }
        }
        return answers
    }

    /// Stores a submission and says what became of it; a failure gives the draft back. The
    /// recipient's widget head goes before the room says anything of the drawing (a failed
    /// store too: the error may have come after the commit).
    private func storeDrawing(_ submission: PairSubmission) async -> [PairEffect] {
        defer { latestHeads.invalidate(submission.recipientId) }
        do {
            let started = ContinuousClock.now
            let outcome = try await pairs.store(submission, pairId: pairId, notification: notificationOfDrawing(submission))
            if outcome == .stored { metrics.pairDrawingStored(after: ContinuousClock.now - started) }
            return machine.stored(sender: submission.senderId, clientDrawingId: submission.clientDrawingId, outcome: outcome)
        } catch {
            logger.error("storing a pair drawing failed", metadata: ["pair": "\(pairId)", "error": "\(error)"])
            return machine.storeFailed(sender: submission.senderId, clientDrawingId: submission.clientDrawingId)
        }
    }

    /// The room's `seq` never goes back, across restarts and crashes too: before a `seq` past the
    /// stored one goes out, a block of them is stored (a restart starts after the block).
    private func reserveSeq(through seq: Int) async {
        let reserved = seq + Self.seqReservation
        do {
            try await pairs.storeSeq(reserved, pairId: pairId)
            reservedSeq = reserved
        } catch {
            logger.error("storing the seq failed", metadata: ["pair": "\(pairId)", "error": "\(error)"])
        }
    }

    /// `drawingReceived` for a recipient who is not in the room to see it arrive.
    private func notificationOfDrawing(_ submission: PairSubmission) -> PushNotification? {
        guard connections[submission.recipientId] == nil else { return nil }
        return PushNotification(
            event: .drawingReceived, recipientId: submission.recipientId, pairId: pairId, drawingId: submission.drawingId,
            fromName: machine.name(of: submission.senderId) ?? "your partner", at: submission.sentAt)
    }

    /// `drawingGuessed` for a drawer who is not in the room to see its drawing guessed.
    private func notificationOfGuess(_ resolution: DrawingResolution, at now: Int64) -> PushNotification? {
        guard let guesser = resolution.guesserId, let drawer = machine.partner(of: guesser), connections[drawer] == nil else { return nil }
        return PushNotification(
            event: .drawingGuessed, recipientId: drawer, pairId: pairId, drawingId: resolution.drawingId,
            fromName: machine.name(of: guesser) ?? "your partner", at: now)
    }

    /// `unpaired` for a partner who is not in the room to hear it.
    private func notificationOfUnpairing(by player: PlayerID, at now: Int64) -> PushNotification? {
        guard let partner = machine.partner(of: player), connections[partner] == nil else { return nil }
        return PushNotification(
            event: .unpaired, recipientId: partner, pairId: pairId, fromName: machine.name(of: player) ?? "your partner", at: now)
    }

    /// Runs one write; a failure is logged (the state in memory stays right, and the next write
    /// of the same row carries it).
    private func attempt(_ what: String, _ write: (any PairRepository) async throws -> Void) async {
        do {
            try await write(pairs)
        } catch {
            logger.error("\(what) failed", metadata: ["pair": "\(pairId)", "error": "\(error)"])
        }
    }

    /// Runs `body` once every event before it is done, however long their writes take.
    private func exclusively<Result>(_ body: () async -> Result) async -> Result {
        while busy {
            await withCheckedContinuation { waiting.append($0) }
        }
        busy = true
        defer {
            busy = false
            if !waiting.isEmpty { waiting.removeFirst().resume() }
        }
        return await body()
    }

    private func frame<Message: Encodable>(for message: Message) -> WireFrame {
        encoder.encode(json: message)
    }

    private static func excluding(_ player: PlayerID, from effect: PairEffect) -> PairEffect {
        guard case .send(let recipients, let message) = effect else { return effect }
        return .send(to: recipients.filter { $0 != player }, message)
    }
}
