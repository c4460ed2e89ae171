/// Reads the server's (unmasked) WebSocket frames out of a byte stream that arrives in pieces.
public struct ServerFrameParser: Sendable {
    /// One frame from the server.
    public struct Frame: Sendable, Equatable {
        public var opcode: UInt8
        public var fin: Bool
        public var payload: [UInt8]

        /// The status code of a close frame, nil for another frame or a close without one.
        public var closeCode: Int? {
            opcode == 0x8 ? Self.closeCode(payload: payload) : nil
        }

        /// The status code a close frame's payload starts with; nil for a close without one.
        static func closeCode<Payload: RandomAccessCollection>(payload: Payload) -> Int? where Payload.Element == UInt8 {
            guard payload.count >= 2 else { return nil }
            let start = payload.startIndex
            return Int(payload[start]) << 8 | Int(payload[payload.index(after: start)])
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

    /// The next complete frame, or nil until more bytes arrive.
    public mutating func next() -> Frame? {
        guard let header = FrameHeader(of: buffer[start...]) else { return nil }
        let payloadStart = start + header.payloadOffset
        var payload = Array(buffer[payloadStart..<payloadStart + header.payloadLength])
        if let maskOffset = header.maskOffset {
            let key = Array(buffer[start + maskOffset..<start + maskOffset + 4])
            for index in payload.indices { payload[index] ^= key[index & 3] }
        }
        start += header.frameLength
        return Frame(opcode: header.opcode, fin: header.fin, payload: payload)
    }
}
