import DoodleCore
import DoodleStorage

/// When a room writes its checkpoint, and what goes into it (PROTOCOL.md rev 5): at once after a
/// change of phase, seat, owner, settings or score; within `interval` of strokes, chat and the
/// like, so a drawer at 20 Hz costs one checkpoint a second, not twenty. Each checkpoint carries
/// only the open drawing's actions that no earlier one carried.
///
/// The room's actor owns it; checkpoints go to the archive writer, which encodes and writes them
/// off the room's event loop, in order with the room's drawings and games.
struct RoomCheckpointer: Sendable {
    /// How much a room's effects changed what its checkpoint holds.
    enum Change: Comparable, Sendable {
        case none
        /// Strokes, chat, hints, reactions, kick votes, a connection's coming and going: written
        /// within `interval`.
        case lazy
        /// Everything a restore must never lose: written now.
        case immediate

        mutating func note(_ effect: RoomEffect) {
            let change: Change
            switch effect {
            case .send(_, .event(let event, _)):
                switch event {
                case .drawing, .chat, .mutedChat, .hint, .reaction, .kickVote, .playerConnection: change = .lazy
                default: change = .immediate
                }
            case .send:
                change = .none
            case .saveReaction:
                change = .lazy
            case .close, .seatReleased, .saveDrawing, .saveGame, .houseBotSeated:
                change = .immediate
            case .chatMasked, .roomExpired:
                change = .none
            }
            if change > self { self = change }
        }
    }

    /// Lazy checkpoints fall due at one of this many instants of each interval, the room's
    /// `slot` choosing which (see `shouldWriteNow`).
    static let slots = 10

    private let archive: (any GameArchive)?
    private let nodeId: String?
    private let interval: Int64
    /// Where in the interval this room's lazy checkpoints fall due.
    private let offset: Int64
    /// The open drawing whose actions the stored checkpoint has, and how many of them.
    private var strokeKey: String?
    private var strokesWritten = 0
    /// When the lazy changes waiting are to be written; nil when none waits.
    private(set) var due: Int64?
    /// Set once the room's checkpoint was removed: a closed room writes none again.
    private var removed = false
    /// The state last handed over, to tell whether the next one changed more than `seq`.
    private var lastWritten: RoomCheckpoint?

    /// `archive` nil: a room that keeps no checkpoint. `slot`: any number, taken modulo `slots`;
    /// the registry deals them out in turn.
    init(archive: (any GameArchive)?, nodeId: String?, intervalMillis: Int, slot: Int = 0) {
        self.archive = archive
        self.nodeId = nodeId
        self.interval = Int64(max(intervalMillis, 1))
        self.offset = Int64(slot.magnitude % UInt(Self.slots)) * self.interval / Int64(Self.slots)
    }

    /// A restored room's: the strokes it was restored with are stored already.
    init(
        archive: (any GameArchive)?, nodeId: String?, intervalMillis: Int, slot: Int = 0, restored checkpoint: RoomCheckpoint, strokeCount: Int
    ) {
        self.init(archive: archive, nodeId: nodeId, intervalMillis: intervalMillis, slot: slot)
        // Nothing is taken as written: the restored room's first checkpoint names this node
        // and the new epoch in full.
        strokeKey = checkpoint.strokeKey
        strokesWritten = strokeKey == nil ? 0 : strokeCount
    }

    /// Takes note of what a call changed; true when the checkpoint is to be written now. It
    /// takes no machine: the room passes its machine only to `write`, so a stroke (a lazy
    /// change) never hands the whole value over.
    mutating func shouldWriteNow(after change: Change, now: Int64) -> Bool {
        switch change {
        case .none:
            return false
        case .lazy:
            // Due at the next instant of the room's slot: a tenth of the rooms share each, so
            // their checkpoints reach the archive writer together and share one transaction
            // (each at its own moment would be a transaction of its own). All rooms at one
            // instant made one burst a second of every room's checkpoint and its write, which
            // every room's strokes waited behind: at 250 rooms on one core p99 was 12.7 ms that
            // way, 7.0 ms with ten slots (docs/performance.md, "Capacity").
            if due == nil { due = ((now - offset) / interval + 1) * interval + offset }
            return false
        case .immediate:
            return true
        }
    }

    mutating func write(_ machine: RoomStateMachine, now: Int64) {
        guard let archive, !removed else { return }
        due = nil
        let checkpoint = machine.checkpoint(at: now)
        if checkpoint.strokeKey != strokeKey {
            strokeKey = checkpoint.strokeKey
            strokesWritten = 0
        }
        var chunks: [RoomCheckpointSave.StrokeChunk] = []
        if strokeKey != nil, machine.canvasRecordCount > strokesWritten {
            chunks.append(.init(firstAction: strokesWritten, actions: machine.canvasRecord(from: strokesWritten)))
            strokesWritten = machine.canvasRecordCount
        }
        let unchanged = lastWritten.map(checkpoint.hasSameState(as:)) ?? false
        lastWritten = checkpoint
        archive.submit(RoomCheckpointSave(checkpoint: checkpoint, nodeId: nodeId, strokeChunks: chunks, stateUnchanged: unchanged))
    }

    /// The room closed: its checkpoint goes, and none is written after.
    mutating func remove(code: String) {
        guard let archive, !removed else { return }
        removed = true
        due = nil
        archive.submitCheckpointRemoval(code: code, nodeId: nodeId)
    }
}
