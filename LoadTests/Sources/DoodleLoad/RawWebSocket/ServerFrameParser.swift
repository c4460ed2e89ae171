/// Reads the server's (unmasked) WebSocket frames out of a byte stream that arrives in pieces.
public struct ServerFrameParser: Sendable {
    /// One frame from the server.
    public struct Frame: Sendable, Equatable {
        public var opcode: UInt8
        public var fin: Bool
        public var payload: [UInt8]

        /// The status code of a close frame, nil for another frame or a close without one.
        public var closeCode: Int? {
            guard opcode == 0x8, payload.count >= 2 else { return nil }
            return Int(payload[0]) << 8 | Int(payload[1])
        }
    }

    private var buffer: [UInt8] = []
    /// Where the first unread byte of `buffer` is: frames are taken from the front without moving the rest each time.
    private var start = 0

    public init() {}

    public mutating func append<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        if start > 65_536 && start * 2 > buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The same for bytes in memory: one copy, where a sequence is appended byte by byte (the
    /// lean generator reads every delivery through here).
    public mutating func append(contiguous bytes: UnsafeRawBufferPointer) {
        append(UnsafeBufferPointer(start: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), count: bytes.count))
    }

    /// The next complete frame, or nil until more bytes arrive.
    public mutating func next() -> Frame? {
        let available = buffer.count - start
        guard available >= 2 else { return nil }
        let first = buffer[start]
        let second = buffer[start + 1]
        var headerLength = 2
        var length = Int(second & 0x7F)
        if length == 126 {
            guard available >= 4 else { return nil }
            length = Int(buffer[start + 2]) << 8 | Int(buffer[start + 3])
            headerLength = 4
        } else if length == 127 {
            guard available >= 10 else { return nil }
            length = 0
            for index in 2..<10 { length = length << 8 | Int(buffer[start + index]) }
            headerLength = 10
        }
        let masked = second & 0x80 != 0
        let keyLength = masked ? 4 : 0
        guard length >= 0, available >= headerLength + keyLength + length else { return nil }
        let payloadStart = start + headerLength + keyLength
        var payload = Array(buffer[payloadStart..<payloadStart + length])
        if masked {
            let key = Array(buffer[start + headerLength..<payloadStart])
            for index in payload.indices { payload[index] ^= key[index & 3] }
        }
        start = payloadStart + length
        return Frame(opcode: first & 0x0F, fin: first & 0x80 != 0, payload: payload)
    }
}
