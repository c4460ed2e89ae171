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
/// The room is an actor, so a partner's messages are handled one at a time; while a store is
/// awaited other messages may run, which the state machine allows for (a submit being stored
/// is remembered, and a repeat waits for it).
actor PairRoom {
    nonisolated let pairId: String
    private var machine: PairStateMachine
    private var connections: [PlayerID: OutboundQueue] = [:]
    private var replay: ReplayBuffer
    private let replayByteLimit: Int
    private let pairs: PairRepository
    private let clock: any GameClock
    private let logger: Logger
    private let encoder = JSONEncoder()
    /// Told once the pair has ended (unpaired), so whoever holds the room lets it go.
    private let onEnded: @Sendable (String) async -> Void

    init(
        machine: PairStateMachine, pairs: PairRepository, replayCapacity: Int, replayByteLimit: Int, clock: any GameClock,
        logger: Logger, onEnded: @escaping @Sendable (String) async -> Void
    ) {
        self.pairId = machine.pairId
        self.machine = machine
        self.pairs = pairs
        self.replay = ReplayBuffer(capacity: replayCapacity, byteCapacity: replayByteLimit)
        self.replayByteLimit = replayByteLimit
        self.clock = clock
        self.logger = logger
        self.onEnded = onEnded
    }

    /// A partner enters on a connection: what it missed after `lastSeq` when the replay still
    /// holds it, else the room's `roomState`.
    func enter(_ player: PlayerID, queue: OutboundQueue, lastSeq: Int?) async {
        guard machine.isPartner(player) else { return }
        connections[player] = queue
        let effects = machine.connect(player)
        if let lastSeq, let frames = replay.frames(for: player, after: lastSeq, currentSeq: machine.seq, maxBytes: replayByteLimit) {
            for frame in frames { queue.send(frame) }
            await perform(effects)
        } else {
            // The snapshot, taken after the entry, already shows it: the entrant needs no event.
            queue.sendSnapshot(frame(for: machine.snapshot(for: player)))
            await perform(effects.map { Self.excluding(player, from: $0) })
        }
    }

    /// The connection `queueID` of `player` ended (or it left): its draft is kept.
    func left(_ player: PlayerID, queueID: UInt64) async {
        guard let queue = connections[player], queue.id == queueID else { return }
        connections[player] = nil
        await perform(machine.disconnect(player))
        if connections.isEmpty { await storeSeq() }
    }

    /// A fresh `roomState`, unless one is still on its way to that connection.
    func sync(_ player: PlayerID) {
        guard let queue = connections[player], !queue.hasPendingSnapshot else { return }
        queue.sendSnapshot(frame(for: machine.snapshot(for: player)))
    }

    /// A pair message from a partner in the room.
    func handle(_ message: ClientMessage, from player: PlayerID) async {
        let now = clock.nowMillis()
        switch message {
        case .beginDrawing(let clientDrawingId, let word):
            await perform(machine.beginDrawing(player, clientDrawingId: clientDrawingId, word: word))
        case .draw(let action):
            await perform(machine.draw(player, action))
        case .submitDrawing(let clientDrawingId):
            await perform(machine.submit(player, clientDrawingId: clientDrawingId, now: now))
        case .pairGuess(let drawingId, let text):
            await perform(machine.guess(player, drawingId: drawingId, text: text))
        case .giveUp(let drawingId):
            await perform(machine.giveUp(player, drawingId: drawingId))
        case .unpair:
            await perform(machine.unpair(by: player))
        case .guess:
            send(.error(ProtocolError(.badMessage, "a guess in a pair room names its drawingId", ref: "guess")), to: player)
        default:
            send(.error(ProtocolError(.invalidPhase, "\(message.typeName) is not a pair room message", ref: message.typeName)), to: player)
        }
    }

    // MARK: - Effects

    /// Carries out effects in order: frames at once, storage awaited before what follows it.
    private func perform(_ effects: [PairEffect]) async {
        for effect in effects {
            switch effect {
            case .send(let recipients, let message):
                let frame = frame(for: message)
                if let seq = message.seq { replay.append(seq: seq, recipients: recipients, frame: frame) }
                for player in recipients { connections[player]?.send(frame) }
            case .storeDrawing(let submission):
                await perform(await storeDrawing(submission))
            case .storeAttempt(let drawingId, let attempts):
                await attempt("storing an attempt") { try await $0.storeAttempt(drawingId: drawingId, attempts: attempts) }
            case .storeResolution(let resolution, let status):
                let seq = machine.seq
                let now = clock.nowMillis()
                await attempt("storing a resolution") {
                    try await $0.storeResolution(resolution, status: status, pairId: self.pairId, seq: seq, at: now)
                }
            case .storeDraft(let player, let draft):
                let now = clock.nowMillis()
                await attempt("storing a draft") { try await $0.storeDraft(of: player, draft, at: now) }
            case .endPair(let player, _):
                let seq = machine.seq
                let now = clock.nowMillis()
                await attempt("ending the pair") { try await $0.end(pairId: self.pairId, by: player, seq: seq, at: now) }
                await onEnded(pairId)
            }
        }
    }

    /// Stores a submission and says what became of it; a failure gives the draft back.
    private func storeDrawing(_ submission: PairSubmission) async -> [PairEffect] {
        do {
            let outcome = try await pairs.store(submission, pairId: pairId)
            return machine.stored(sender: submission.senderId, clientDrawingId: submission.clientDrawingId, outcome: outcome)
        } catch {
            logger.error("storing a pair drawing failed", metadata: ["pair": "\(pairId)", "error": "\(error)"])
            return machine.storeFailed(sender: submission.senderId, clientDrawingId: submission.clientDrawingId)
        }
    }

    /// The room's `seq` never goes back, across restarts too: stored when the room empties.
    private func storeSeq() async {
        let seq = machine.seq
        await attempt("storing the seq") { try await $0.storeSeq(seq, pairId: self.pairId) }
    }

    /// Runs one write; a failure is logged (the state in memory stays right, and the next write
    /// of the same row carries it).
    private func attempt(_ what: String, _ write: (PairRepository) async throws -> Void) async {
        do {
            try await write(pairs)
        } catch {
            logger.error("\(what) failed", metadata: ["pair": "\(pairId)", "error": "\(error)"])
        }
    }

    private func send(_ message: PairMessage, to player: PlayerID) {
        connections[player]?.send(frame(for: message))
    }

    private func frame<Message: Encodable>(for message: Message) -> WireFrame {
        do {
            return WireFrame(text: ByteBuffer(bytes: try encoder.encode(message)))
        } catch {
            // Our own message types always encode; this keeps a bug from ever sending garbage.
            return WireFrame(text: ByteBuffer(string: #"{"type":"error","code":"internal","message":"could not encode a message"}"#))
        }
    }

    private static func excluding(_ player: PlayerID, from effect: PairEffect) -> PairEffect {
        guard case .send(let recipients, let message) = effect else { return effect }
        return .send(to: recipients.filter { $0 != player }, message)
    }
}
