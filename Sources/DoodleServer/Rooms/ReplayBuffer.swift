import DoodleCore
import NIOCore

/// The latest room events with their recipients, so a player who reconnects with `lastSeq`
/// can be sent exactly what it missed. Bounded by count and by bytes, whichever is reached
/// first; whole seqs are evicted together so a per-player variant is never half-kept.
///
/// The byte bound is what keeps a busy room small: a drawer's stream of strokes would otherwise
/// keep `capacity` frames, megabytes of them at the contract's largest messages. A catch-up
/// larger than the bound is served as one `roomState` instead, which is always correct.
///
/// The frames' bytes sit back to back in one `ByteRing` of at most `byteCapacity` bytes, and a
/// replay copies them out: a buffer per frame would cost its power-of-two storage and an object
/// besides, more than twice the frame (docs/performance.md, "Canvas memory").
struct ReplayBuffer {
    private struct Entry {
        let seq: Int
        /// The room's member list at the time, shared with it rather than copied.
        let recipients: [PlayerID]
        /// The frame's length in `bytes`, where it follows the entry before it.
        let length: Int
    }

    private var entries = CircularBuffer<Entry>()
    private var bytes: ByteRing
    private let capacity: Int

    /// Keeps at most `capacity` events and `byteCapacity` bytes of frames.
    init(capacity: Int, byteCapacity: Int) {
        self.capacity = capacity
        self.bytes = ByteRing(maxBytes: max(0, byteCapacity))
    }

    /// Bytes of frames held.
    var frameBytes: Int { bytes.count }

    /// Heap the buffer holds for its frames and their entries, counting what is reserved but unused.
    var heldBytes: Int {
        bytes.allocatedBytes + entries.capacity * MemoryLayout<Entry>.stride
    }

    mutating func append(seq: Int, recipients: [PlayerID], frame: WireFrame) {
        guard capacity > 0 else { return }
        let length = frame.bytes.readableBytes
        guard length <= bytes.maxBytes else {
            // Nothing before it can be replayed without it, and it cannot be kept.
            removeAll()
            return
        }
        while entries.count >= capacity || length > bytes.freeBytes, let oldest = entries.first {
            evict(seq: oldest.seq)
            // The new frame is a variant of the seq just evicted: keeping it alone would half-keep that seq.
            if oldest.seq == seq { return }
        }
        entries.append(Entry(seq: seq, recipients: recipients, length: length))
        bytes.append(frame.bytes)
    }

    /// The frames for `player` after `lastSeq` up to `currentSeq`, or nil when some of them are
    /// no longer held or they come to more than `maxBytes` (the caller then sends a full
    /// snapshot, which coalesces with any other: a replay never holds more than that).
    func frames(for player: PlayerID, after lastSeq: Int, currentSeq: Int, maxBytes: Int = .max) -> [WireFrame]? {
        guard lastSeq >= 0, lastSeq <= currentSeq else { return nil }
        if lastSeq == currentSeq { return [] }
        guard let oldest = entries.first, oldest.seq <= lastSeq + 1 else { return nil }
        var frames: [WireFrame] = []
        var replayed = 0
        var offset = 0
        for entry in entries {
            defer { offset += entry.length }
            guard entry.seq > lastSeq, entry.recipients.contains(player) else { continue }
            replayed += entry.length
            if replayed > maxBytes { return nil }
            frames.append(WireFrame(framed: bytes.bytes(at: offset, length: entry.length)))
        }
        return frames
    }

    /// Drops every entry of `seq`, the oldest held.
    private mutating func evict(seq: Int) {
        while let entry = entries.first, entry.seq == seq {
            bytes.removeFirst(entry.length)
            entries.removeFirst()
        }
    }

    private mutating func removeAll() {
        entries.removeAll()
        bytes.removeAll()
    }
}
