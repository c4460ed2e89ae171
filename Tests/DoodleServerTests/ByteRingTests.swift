import NIOCore
import Testing

@testable import DoodleServer

@Suite("Byte ring: first in, first out, never past its size")
struct ByteRingTests {
    private func bytes(_ values: some Sequence<Int>) -> ByteBuffer {
        ByteBuffer(bytes: values.map { UInt8($0 & 0xFF) })
    }

    private func values(_ buffer: ByteBuffer) -> [Int] {
        buffer.readableBytesView.map(Int.init)
    }

    @Test("bytes read back as written across the wrap, with the oldest removed")
    func wrapsAround() {
        var ring = ByteRing(maxBytes: 10)
        ring.append(bytes(0..<6))
        ring.removeFirst(4)
        // 2 held at the ring's end; 7 more wrap around to its start.
        ring.append(bytes(6..<13))
        #expect(ring.count == 9)
        #expect(values(ring.bytes(at: 0, length: 9)) == Array(4..<13))
        #expect(values(ring.bytes(at: 1, length: 3)) == [5, 6, 7])
        #expect(values(ring.bytes(at: 5, length: 4)) == [9, 10, 11, 12])
        #expect(ring.allocatedBytes >= 10 && ring.allocatedBytes < 64)
    }

    @Test("growing keeps the order of bytes that had wrapped, and stops at maxBytes")
    func growsInOrder() {
        var ring = ByteRing(maxBytes: 5_000)
        var next = 0
        var oldest = 0
        // Appends of 300 with removals of 250 wrap the ring at every size it grows through.
        while ring.count + 300 <= ring.maxBytes {
            ring.append(bytes(next..<(next + 300)))
            next += 300
            ring.removeFirst(250)
            oldest += 250
            #expect(values(ring.bytes(at: 0, length: ring.count)) == Array(oldest..<next).map { $0 & 0xFF })
        }
        #expect(ring.allocatedBytes <= 5_000 + 64)
    }

    @Test("removing everything gives the allocation back")
    func removeAllReleases() {
        var ring = ByteRing(maxBytes: 4_096)
        ring.append(bytes(0..<3_000))
        #expect(ring.allocatedBytes >= 3_000)
        ring.removeAll()
        #expect(ring.count == 0)
        #expect(ring.allocatedBytes == 0)
    }
}
