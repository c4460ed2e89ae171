import DoodleCore
import Foundation

/// A checkpoint as read back from the database, before it is trusted: `decoded()` turns it into
/// the room's state and its open drawing's record, or says why it cannot be.
public struct StoredRoomCheckpoint: Sendable {
    public let code: String
    public let mode: String
    public let format: Int
    let state: Data
    /// The row's own: newer than the state's when later checkpoints changed nothing else.
    let seq: Int
    let savedAt: Int64
    let strokeKey: String?
    /// The chunks stored under `strokeKey`, by `firstAction`.
    let chunks: [CheckpointStrokeRecord]

    /// The state and the strokes. The chunks must follow each other without a gap from action
    /// 0: a chunk whose save was lost leaves the strokes after it unusable, so the record stops
    /// there (the strokes before it are still the drawing as it was).
    public func decoded() throws(RoomRestoreError) -> (checkpoint: RoomCheckpoint, strokes: [DrawingAction]) {
        guard let mode = RoomMode(rawValue: mode) else { throw .corrupt("mode '\(self.mode)' is unknown") }
        guard format == RoomCheckpoint.currentFormat else { throw .unknownFormat(format) }
        guard mode == .party || mode == .telephone else { throw .unsupportedMode(mode) }
        var checkpoint: RoomCheckpoint
        do {
            checkpoint = try JSONDecoder().decode(RoomCheckpoint.self, from: state)
        } catch {
            throw .corrupt("its state does not decode (\(error))")
        }
        guard seq >= checkpoint.seq, savedAt >= checkpoint.savedAt else { throw .corrupt("its row is older than its state") }
        checkpoint.seq = seq
        checkpoint.savedAt = savedAt
        guard checkpoint.code == code else { throw .corrupt("its state names room \(checkpoint.code)") }
        var strokes: [DrawingAction] = []
        guard checkpoint.strokeKey == strokeKey, strokeKey != nil else { return (checkpoint, []) }
        for chunk in chunks {
            guard chunk.firstAction == strokes.count else { break }
            let actions: [DrawingAction]
            do {
                actions = try StrokeCodec.decode([UInt8](chunk.record))
            } catch {
                throw .corrupt("its strokes from action \(chunk.firstAction) do not decode (\(error))")
            }
            guard actions.count == chunk.actionCount else { throw .corrupt("its strokes from action \(chunk.firstAction) are cut short") }
            strokes += actions
        }
        return (checkpoint, strokes)
    }
}

/// A run of an open drawing's record as `room_checkpoint_stroke` holds it, written or read:
/// actions `firstAction ..< firstAction + actionCount`, encoded by the stroke codec.
struct CheckpointStrokeRecord: Sendable {
    var firstAction: Int
    var actionCount: Int
    var record: Data
}
