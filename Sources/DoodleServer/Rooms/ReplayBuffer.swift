import DoodleCore
import NIOCore

/// The latest room events with their recipients, so a player who reconnects with `lastSeq`
/// can be sent exactly what it missed. Bounded by count and by bytes, whichever is reached
/// first; whole seqs are evicted together so a per-player variant is never half-kept.
///
/// The byte bound is what keeps a busy room small: a drawer's stream of strokes would otherwise
/// keep `capacity` frames, megabytes of them at the contract's largest messages. A catch-up
/// larger than the bound is served as one `roomState` instead, which is always correct.
struct ReplayBuffer {
    private struct Entry {
        let seq: Int
        let recipients: [PlayerID]
        let frame: WireFrame
    }

    private var entries = CircularBuffer<Entry>()
    private var heldBytes = 0
    private let capacity: Int
    private let byteCapacity: Int

    /// Keeps at most `capacity` events and `byteCapacity` bytes of frames.
    init(capacity: Int, byteCapacity: Int) {
        self.capacity = capacity
        self.byteCapacity = byteCapacity
    }

    mutating func append(seq: Int, recipients: [PlayerID], frame: WireFrame) {
        guard capacity > 0 else { return }
        entries.append(Entry(seq: seq, recipients: recipients, frame: frame))
        heldBytes += frame.bytes.readableBytes
        while entries.count > capacity || heldBytes > byteCapacity, let oldest = entries.first {
            while let entry = entries.first, entry.seq == oldest.seq {
                heldBytes -= entry.frame.bytes.readableBytes
                entries.removeFirst()
            }
        }
    }

    /// The frames for `player` after `lastSeq` up to `currentSeq`, or nil when some of them are
    /// no longer held or they come to more than `maxBytes` (the caller then sends a full
    /// snapshot, which coalesces with any other: a replay never holds more than that).
    func frames(for player: PlayerID, after lastSeq: Int, currentSeq: Int, maxBytes: Int = .max) -> [WireFrame]? {
        guard lastSeq >= 0, lastSeq <= currentSeq else { return nil }
        if lastSeq == currentSeq { return [] }
        guard let oldest = entries.first, oldest.seq <= lastSeq + 1 else { return nil }
        var frames: [WireFrame] = []
        var bytes = 0
        for entry in entries where entry.seq > lastSeq && entry.recipients.contains(player) {
            bytes += entry.frame.bytes.readableBytes
            if bytes > maxBytes { return nil }
            frames.append(entry.frame)
        }
        return frames
    }
}
