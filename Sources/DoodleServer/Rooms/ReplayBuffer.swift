import DoodleCore
import NIOCore

/// The latest room events with their recipients, so a player who reconnects with `lastSeq`
/// can be sent exactly what it missed. Bounded by count; whole seqs are evicted together so a
/// per-player variant is never half-kept.
struct ReplayBuffer {
    private struct Entry {
        let seq: Int
        let recipients: [PlayerID]
        let frame: WireFrame
    }

    private var entries: [Entry] = []
    private var head = 0
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    mutating func append(seq: Int, recipients: [PlayerID], frame: WireFrame) {
        guard capacity > 0 else { return }
        entries.append(Entry(seq: seq, recipients: recipients, frame: frame))
        if entries.count - head > capacity {
            let evicted = entries[head].seq
            while head < entries.count, entries[head].seq == evicted { head += 1 }
        }
        // Compact occasionally so eviction stays O(1) amortised.
        if head > capacity {
            entries.removeFirst(head)
            head = 0
        }
    }

    /// The frames for `player` after `lastSeq` up to `currentSeq`, or nil when some of them are
    /// no longer held or they come to more than `maxBytes` (the caller then sends a full
    /// snapshot, which coalesces with any other: a replay never holds more than that).
    func frames(for player: PlayerID, after lastSeq: Int, currentSeq: Int, maxBytes: Int = .max) -> [WireFrame]? {
        guard lastSeq >= 0, lastSeq <= currentSeq else { return nil }
        if lastSeq == currentSeq { return [] }
        guard head < entries.count, entries[head].seq <= lastSeq + 1 else { return nil }
        var frames: [WireFrame] = []
        var bytes = 0
        for entry in entries[head...] where entry.seq > lastSeq && entry.recipients.contains(player) {
            bytes += entry.frame.bytes.readableBytes
            if bytes > maxBytes { return nil }
            frames.append(entry.frame)
        }
        return frames
    }
}
