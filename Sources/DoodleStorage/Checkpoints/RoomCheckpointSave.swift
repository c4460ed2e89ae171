import DoodleCore
import Foundation

/// A live room's checkpoint as the room hands it to the archive writer: its state, and the
/// strokes of its open drawing that no earlier save carried. The writer encodes it off the
/// room's event loop and writes it in order with the room's drawings and games, so a
/// checkpoint taken after a turn ended never commits before that turn's drawing.
public struct RoomCheckpointSave: Sendable {
    /// A run of the open drawing's record: actions `firstAction ..< firstAction + actions.count`.
    public struct StrokeChunk: Sendable {
        public var firstAction: Int
        public var actions: [DrawingAction]

        public init(firstAction: Int, actions: [DrawingAction]) {
            self.firstAction = firstAction
            self.actions = actions
        }
    }

    public var checkpoint: RoomCheckpoint
    /// The node hosting the room; nil for a server alone on its database.
    public var nodeId: String?
    /// New strokes of `checkpoint.strokeKey`, oldest first.
    public var strokeChunks: [StrokeChunk]
    /// The state is the room's previous save's but for `seq` and `savedAt` (only strokes came
    /// in): its row keeps its encoded state and gets the new `seq` and `saved_at` alone. Encoding
    /// the state with Foundation's `JSONEncoder` was most of what a checkpoint cost.
    public var stateUnchanged: Bool

    public init(checkpoint: RoomCheckpoint, nodeId: String?, strokeChunks: [StrokeChunk], stateUnchanged: Bool = false) {
        self.checkpoint = checkpoint
        self.nodeId = nodeId
        self.strokeChunks = strokeChunks
        self.stateUnchanged = stateUnchanged
    }

    /// This save and a newer one of the same room as one: the newer state, and the strokes of
    /// both when they belong to the same drawing (else the newer drawing's alone).
    func merged(with newer: RoomCheckpointSave) -> RoomCheckpointSave {
        var merged = newer
        if checkpoint.strokeKey == newer.checkpoint.strokeKey {
            merged.strokeChunks = strokeChunks + newer.strokeChunks
        }
        // The newer one's value holds the whole state either way; its row needs it encoded
        // unless neither save changed it.
        merged.stateUnchanged = stateUnchanged && newer.stateUnchanged
        return merged
    }

    func prepared() throws -> PreparedCheckpoint {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let state = stateUnchanged ? nil : try encoder.encode(checkpoint)
        let chunks = strokeChunks.filter { !$0.actions.isEmpty }.map { chunk in
            CheckpointStrokeRecord(firstAction: chunk.firstAction, actionCount: chunk.actions.count, record: Data(StrokeCodec.encode(chunk.actions)))
        }
        return PreparedCheckpoint(
            code: checkpoint.code, mode: checkpoint.mode.rawValue, format: checkpoint.format, nodeId: nodeId, state: state,
            strokeKey: checkpoint.strokeKey, seq: checkpoint.seq, savedAt: checkpoint.savedAt, chunks: chunks)
    }
}

/// A checkpoint encoded, ready for its rows.
struct PreparedCheckpoint: Sendable {
    var code: String
    var mode: String
    var format: Int
    var nodeId: String?
    /// Nil when only `seq` and `savedAt` changed.
    var state: Data?
    var strokeKey: String?
    var seq: Int
    var savedAt: Int64
    var chunks: [CheckpointStrokeRecord]
}
