import DoodleCore
import NIOCore
import Testing

@testable import DoodleServer

@Suite("Replay buffer: bounded in events and in bytes")
struct ReplayBufferTests {
    /// A text frame of exactly 100 bytes on the wire (2 header bytes), its payload naming `seq`.
    private func frame(_ seq: Int) -> WireFrame {
        var payload = ByteBuffer(string: "\(seq)")
        payload.writeRepeatingByte(0x20, count: 98 - payload.readableBytes)
        return WireFrame(text: payload)
    }

    private func seqs(_ frames: [WireFrame]?) -> [Int]? {
        frames?.map { frame in
            var bytes = frame.bytes
            bytes.moveReaderIndex(forwardBy: 2)
            return (bytes.readString(length: bytes.readableBytes)?.split(separator: " ").first).flatMap { Int($0) } ?? -1
        }
    }

    @Test("past its bytes the oldest events go: a catch-up from before them is refused, a later one served")
    func byteBound() {
        var buffer = ReplayBuffer(capacity: 100, byteCapacity: 350)
        for seq in 1...6 { buffer.append(seq: seq, recipients: ["p"], frame: frame(seq)) }
        // 350 bytes hold three 100-byte frames: 4, 5 and 6.
        #expect(seqs(buffer.frames(for: "p", after: 3, currentSeq: 6)) == [4, 5, 6])
        #expect(seqs(buffer.frames(for: "p", after: 5, currentSeq: 6)) == [6])
        #expect(buffer.frames(for: "p", after: 2, currentSeq: 6) == nil)
        #expect(seqs(buffer.frames(for: "p", after: 6, currentSeq: 6)) == [])
    }

    @Test("a seq's per-player variants are evicted together")
    func variantsGoTogether() {
        var buffer = ReplayBuffer(capacity: 100, byteCapacity: 300)
        buffer.append(seq: 1, recipients: ["a"], frame: frame(1))
        buffer.append(seq: 1, recipients: ["b"], frame: frame(1))
        buffer.append(seq: 2, recipients: ["a", "b"], frame: frame(2))
        #expect(seqs(buffer.frames(for: "b", after: 0, currentSeq: 2)) == [1, 2])
        // 400 bytes: seq 1 goes whole, not only its first variant.
        buffer.append(seq: 3, recipients: ["a", "b"], frame: frame(3))
        #expect(buffer.frames(for: "a", after: 0, currentSeq: 3) == nil)
        #expect(buffer.frames(for: "b", after: 0, currentSeq: 3) == nil)
        #expect(seqs(buffer.frames(for: "b", after: 1, currentSeq: 3)) == [2, 3])
    }

    @Test("an event larger than the whole buffer is not kept: its catch-up is a roomState")
    func oversizedEvent() {
        var buffer = ReplayBuffer(capacity: 100, byteCapacity: 99)
        buffer.append(seq: 1, recipients: ["p"], frame: frame(1))
        #expect(buffer.frames(for: "p", after: 0, currentSeq: 1) == nil)
    }

    @Test("the count bound still holds when bytes allow more")
    func countBound() {
        var buffer = ReplayBuffer(capacity: 2, byteCapacity: 1 << 20)
        for seq in 1...4 { buffer.append(seq: seq, recipients: ["p"], frame: frame(seq)) }
        #expect(seqs(buffer.frames(for: "p", after: 2, currentSeq: 4)) == [3, 4])
        #expect(buffer.frames(for: "p", after: 1, currentSeq: 4) == nil)
    }

    /// A frame of `length` bytes on the wire whose payload bytes all derive from `seq`.
    private func frame(_ seq: Int, length: Int) -> WireFrame {
        var payload = ByteBuffer()
        payload.writeRepeatingByte(UInt8(truncatingIfNeeded: seq), count: length - 2)
        return WireFrame(text: payload)
    }

    @Test("a drawer's stream keeps the heap within the byte bound, and what it keeps reads back byte for byte")
    func heldBytesBounded() {
        var buffer = ReplayBuffer(capacity: 2_048, byteCapacity: 16_384)
        var random = SeededRandom(seed: 10)
        var sent: [(seq: Int, frame: WireFrame)] = []
        for seq in 1...5_000 {
            // Frames of a few points to a few dozen, some past the 125-byte payload of a short header.
            let next = frame(seq, length: Int.random(in: 60...400, using: &random))
            buffer.append(seq: seq, recipients: ["drawer", "guesser"], frame: next)
            sent.append((seq, next))
            #expect(buffer.frameBytes <= 16_384)
            // The ring never outgrows the bound (and malloc's rounding); an entry costs 24 bytes, and
            // at most 16,384 / 60 of them fit, in a circular buffer of a power of two.
            #expect(buffer.heldBytes <= 16_384 + 64 + 512 * 24)
        }
        let kept = buffer.frameBytes
        var oldestKept = sent.count
        var bytes = 0
        while oldestKept > 0, bytes + sent[oldestKept - 1].frame.bytes.readableBytes <= kept {
            bytes += sent[oldestKept - 1].frame.bytes.readableBytes
            oldestKept -= 1
        }
        let expected = sent[oldestKept...].map { Array($0.frame.bytes.readableBytesView) }
        let replayed = buffer.frames(for: "guesser", after: sent[oldestKept].seq - 1, currentSeq: 5_000)
        #expect(replayed?.map { Array($0.bytes.readableBytesView) } == expected)
        #expect(buffer.frames(for: "guesser", after: sent[oldestKept].seq - 2, currentSeq: 5_000) == nil)
    }
}
