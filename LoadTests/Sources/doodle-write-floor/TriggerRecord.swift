import NIOCore

/// What the pacer sends the fan-out for each trigger, as a drawer's stroke: which group to write
/// to and when it was sent (CLOCK_MONOTONIC ns), 12 bytes, little endian. The fan-out puts the
/// send time at the start of the frames it writes, so the readers can tell each delivery's
/// latency from the moment the stroke left its drawer.
struct TriggerRecord {
    static let bytes = 12

    let group: UInt32
    let sentAt: UInt64

    init(group: UInt32, sentAt: UInt64) {
        self.group = group
        self.sentAt = sentAt
    }

    /// Reads a record from the first `bytes` bytes of `record`; nil if it holds fewer.
    init?(_ record: ByteBuffer) {
        guard let group = record.getInteger(at: record.readerIndex, endianness: .little, as: UInt32.self),
              let sentAt = record.getInteger(at: record.readerIndex + 4, endianness: .little, as: UInt64.self)
        else { return nil }
        self.init(group: group, sentAt: sentAt)
    }

    func append(to bytes: inout [UInt8]) {
        withUnsafeBytes(of: group.littleEndian) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: sentAt.littleEndian) { bytes.append(contentsOf: $0) }
    }
}

/// The frame the fan-out writes for a trigger, as a room's broadcast of a stroke: a final
/// WebSocket text frame with a one-byte length whose payload starts with the trigger's send time.
enum LatencyFrame {
    /// The header and the send time.
    static let leastBytes = 10

    static func make(bytes: Int, sentAt: UInt64, allocator: ByteBufferAllocator) -> ByteBuffer {
        var frame = allocator.buffer(capacity: bytes)
        frame.writeInteger(UInt8(0x81))
        frame.writeInteger(UInt8(bytes - 2))
        frame.writeInteger(sentAt, endianness: .little)
        frame.writeRepeatingByte(0x78, count: bytes - leastBytes)
        return frame
    }

    /// The send time a frame of `bytes` bytes carries; nil if its header is not that frame's.
    static func sentAt(in frame: ByteBuffer, bytes: Int) -> UInt64? {
        let start = frame.readerIndex
        guard frame.getInteger(at: start, as: UInt8.self) == 0x81,
              frame.getInteger(at: start + 1, as: UInt8.self) == UInt8(bytes - 2)
        else { return nil }
        return frame.getInteger(at: start + 2, endianness: .little, as: UInt64.self)
    }
}
