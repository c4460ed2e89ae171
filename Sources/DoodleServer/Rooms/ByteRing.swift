import NIOCore

/// Bytes kept first in, first out, in one allocation that never grows past `maxBytes`.
///
/// The replay buffer keeps its frames here rather than as one `ByteBuffer` each: a buffer's
/// storage is rounded up to a power of two and comes with an object of its own, so a 130-byte
/// drawing frame held about 350 bytes of heap. Here a byte costs a byte.
struct ByteRing {
    /// The most bytes the ring holds and allocates.
    let maxBytes: Int
    /// The ring itself: its count is the ring's size, bytes outside the held stretch are unused.
    private var storage: [UInt8] = []
    /// Where the oldest held byte sits in `storage`.
    private var head = 0
    /// Bytes held.
    private(set) var count = 0

    /// The smallest ring allocated, so that a few small frames do not regrow it at every append.
    private static let minimumSize = 1024

    init(maxBytes: Int) {
        precondition(maxBytes >= 0, "a ring cannot hold a negative number of bytes")
        self.maxBytes = maxBytes
    }

    /// Bytes allocated, the unused part of the ring included.
    var allocatedBytes: Int { storage.capacity }

    /// Room left before `maxBytes`.
    var freeBytes: Int { maxBytes - count }

    /// Appends `bytes`' readable bytes. The caller makes room first: `count` stays within `maxBytes`.
    mutating func append(_ bytes: ByteBuffer) {
        let length = bytes.readableBytes
        precondition(length <= freeBytes, "the ring's owner evicts before appending")
        if count + length > storage.count { grow(toHold: count + length) }
        let tail = (head + count) % storage.count
        storage.withUnsafeMutableBytes { ring in
            bytes.withUnsafeReadableBytes { source in Self.write(source, into: ring, at: tail) }
        }
        count += length
    }

    /// Forgets the `length` oldest bytes.
    mutating func removeFirst(_ length: Int) {
        precondition(length >= 0 && length <= count, "removing more bytes than the ring holds")
        count -= length
        head = count == 0 ? 0 : (head + length) % storage.count
    }

    /// Forgets every byte and gives the allocation back.
    mutating func removeAll() {
        storage = []
        head = 0
        count = 0
    }

    /// The `length` bytes that start `offset` bytes after the oldest, as a buffer of their own.
    func bytes(at offset: Int, length: Int) -> ByteBuffer {
        precondition(offset >= 0 && length >= 0 && offset + length <= count, "reading past the bytes the ring holds")
        var buffer = ByteBuffer()
        guard length > 0 else { return buffer }
        storage.withUnsafeBytes { ring in
            buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: length) { free in
                Self.read(ring, at: (head + offset) % ring.count, into: UnsafeMutableRawBufferPointer(rebasing: free[0..<length]))
                return length
            }
        }
        return buffer
    }

    /// Moves the held bytes, oldest first, into a ring of at least `needed` bytes: double the old
    /// size (so appends cost amortized constant time), never more than `maxBytes`.
    private mutating func grow(toHold needed: Int) {
        let size = min(maxBytes, max(needed, 2 * storage.count, Self.minimumSize))
        var grown = [UInt8](repeating: 0, count: size)
        storage.withUnsafeBytes { old in
            grown.withUnsafeMutableBytes { new in
                Self.read(old, at: head, into: UnsafeMutableRawBufferPointer(rebasing: new[0..<count]))
            }
        }
        storage = grown
        head = 0
    }

    /// Copies `source` into `ring` from `start` on, continuing at the ring's beginning past its end.
    private static func write(_ source: UnsafeRawBufferPointer, into ring: UnsafeMutableRawBufferPointer, at start: Int) {
        let firstPart = min(source.count, ring.count - start)
        let rest = UnsafeRawBufferPointer(rebasing: source[firstPart...])
        UnsafeMutableRawBufferPointer(rebasing: ring[start...]).copyMemory(from: UnsafeRawBufferPointer(rebasing: source[..<firstPart]))
        ring.copyMemory(from: rest)
    }

    /// Fills `destination` from `ring`, starting at `start` and continuing at the ring's beginning past its end.
    private static func read(_ ring: UnsafeRawBufferPointer, at start: Int, into destination: UnsafeMutableRawBufferPointer) {
        let firstPart = min(destination.count, ring.count - start)
        let rest = UnsafeRawBufferPointer(rebasing: ring[..<(destination.count - firstPart)])
        destination.copyMemory(from: UnsafeRawBufferPointer(rebasing: ring[start..<(start + firstPart)]))
        UnsafeMutableRawBufferPointer(rebasing: destination[firstPart...]).copyMemory(from: rest)
    }
}
