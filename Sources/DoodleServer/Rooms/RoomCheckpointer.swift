import DoodleCore
import DoodleStorage

/// When a room writes its checkpoint, and what goes into it (PROTOCOL.md rev 5): at once after a
/// change of phase, seat, owner, settings or score; within `interval` of strokes, hints and the
/// like, so a drawer at 20 Hz costs one checkpoint a second, not twenty. Each checkpoint carries
/// only the open drawing's actions that no earlier one carried, and the room's state only when
/// it changed: chat lines alone reach it within `chatIntervals` intervals (see there).
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

    /// A checkpoint whose state differs from the stored one only in the players' recent chat
    /// lines (the lines a report quotes; wrong guesses are most of them) leaves the stored state
    /// as it is, and the lines are written with the next change that needs the state rewritten,
    /// or at the latest this many intervals after they were first left out. In a room whose
    /// guessers miss every few seconds, nearly every lazy checkpoint would otherwise encode the
    /// whole state again for a chat line, and that encoding was most of what checkpoints cost.
    /// After kill -9 a restored room may lack those last lines; nothing else is later than before.
    static let chatIntervals: Int64 = 10

    private let archive: (any GameArchive)?
    private let nodeId: String?
    private let interval: Int64
    /// Where in the interval this room's lazy checkpoints fall due.
    private let offset: Int64
    /// The open drawing whose actions the stored checkpoint has, and how many of them.
    private var strokeKey: String?
    private var strokesWritten = 0
    /// When the lazy changes waiting are to be written; nil when none waits.
    private var lazyDue: Int64? {
        didSet { due = Self.earlier(lazyDue, chatDue) }
    }
    /// When chat lines the stored state lacks are to be written; nil when it lacks none.
    private var chatDue: Int64? {
        didSet { due = Self.earlier(lazyDue, chatDue) }
    }
    /// When the room is next to call `write`; nil when nothing waits. Stored, not computed: the
    /// room reads it after every stroke, and a computed property of this struct cost a copy of
    /// the whole struct (its stored checkpoint with it) each time.
    private(set) var due: Int64?
    /// Set once the room's checkpoint was removed: a closed room writes none again.
    private var removed = false
    /// The state last handed over encoded, to tell whether the next one changed more than `seq`.
    private var storedState: RoomCheckpoint?

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
            if lazyDue == nil { lazyDue = slotInstant(after: now) }
            return false
        case .immediate:
            return true
        }
    }

    /// Hands the room's checkpoint to the archive. `final`: the room's last in this life (a
    /// graceful stop or a hand-over), which writes every chat line too.
    mutating func write(_ machine: RoomStateMachine, now: Int64, final: Bool = false) {
        // Nothing is due after a write, kept or not: a room without an archive (or removed)
        // would otherwise be woken again at once, and again.
        lazyDue = nil
        guard let archive, !removed else { return }
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
        let unchanged = stateIsStored(checkpoint, now: now, final: final)
        archive.submit(RoomCheckpointSave(checkpoint: checkpoint, nodeId: nodeId, strokeChunks: chunks, stateUnchanged: unchanged))
    }

    /// Whether the stored state will do for `checkpoint` (see `chatIntervals`); if not, the
    /// checkpoint's state is the one stored from now on.
    private mutating func stateIsStored(_ checkpoint: RoomCheckpoint, now: Int64, final: Bool) -> Bool {
        if let storedState {
            if checkpoint.hasSameState(as: storedState) {
                chatDue = nil
                return true
            }
            if !final, checkpoint.hasSameState(as: storedState, ignoringChat: true) {
                let due = chatDue ?? slotInstant(after: now + (Self.chatIntervals - 2) * interval)
                if now < due {
                    chatDue = due
                    return true
                }
            }
        }
        storedState = checkpoint
        chatDue = nil
        return false
    }

    private static func earlier(_ one: Int64?, _ other: Int64?) -> Int64? {
        guard let one else { return other }
        guard let other else { return one }
        return min(one, other)
    }

    /// The first instant of this room's slot after `time`.
    private func slotInstant(after time: Int64) -> Int64 {
        ((time - offset) / interval + 1) * interval + offset
    }

    /// The room closed: its checkpoint goes, and none is written after.
    mutating func remove(code: String) {
        guard let archive, !removed else { return }
        removed = true
        lazyDue = nil
        chatDue = nil
        archive.submitCheckpointRemoval(code: code, nodeId: nodeId)
    }
}
