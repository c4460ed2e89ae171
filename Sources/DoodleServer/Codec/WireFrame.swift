import NIOCore

/// One complete, unmasked WebSocket frame — header and payload — as it goes on the wire.
///
/// Server frames are never masked, so a broadcast's bytes are the same for every recipient:
/// the room frames its message once and every connection writes the same buffer, with no
/// per-recipient frame encoding.
struct WireFrame: Sendable {
    /// Header and payload.
    let bytes: ByteBuffer

    /// A final text frame carrying `payload`.
    init(text payload: ByteBuffer) {
        self.init(opcode: 0x1, payload: payload)
    }

    /// A final binary frame carrying `payload`.
    init(binary payload: ByteBuffer) {
        self.init(opcode: 0x2, payload: payload)
    }

    /// Bytes that already are one complete frame, header included: a frame kept and given back
    /// (the replay buffer's).
    init(framed bytes: ByteBuffer) {
        self.bytes = bytes
    }

    /// An empty ping.
    static let ping = WireFrame(opcode: 0x9, payload: ByteBuffer())

    private init(opcode: UInt8, payload: ByteBuffer) {
        let length = payload.readableBytes
        var bytes = ByteBuffer()
        bytes.reserveCapacity(length + 10)
        bytes.writeInteger(0x80 | opcode)  // FIN
        switch length {
        case 0...125:
            bytes.writeInteger(UInt8(length))
        case 126...0xFFFF:
            bytes.writeInteger(UInt8(126))
            bytes.writeInteger(UInt16(length))
        default:
            bytes.writeInteger(UInt8(127))
            bytes.writeInteger(UInt64(length))
        }
        var payload = payload
        bytes.writeBuffer(&payload)
        self.bytes = bytes
    }
}
