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

    /// A final text frame whose payload `write` puts straight behind room for the header, so it
    /// is not copied again behind a header made afterwards; nil when `write` says there is none.
    init?(textWrittenBy write: (inout ByteBuffer) -> Bool) {
        var bytes = ByteBuffer()
        bytes.reserveCapacity(192)
        bytes.writeRepeatingByte(0, count: Self.reservedHeaderBytes)
        guard write(&bytes) else { return nil }
        let length = bytes.readableBytes - Self.reservedHeaderBytes
        switch length {
        case 0...125:
            bytes.setInteger(0x81 as UInt8, at: 2)
            bytes.setInteger(UInt8(length), at: 3)
            bytes.moveReaderIndex(forwardBy: 2)
            self.init(framed: bytes)
        case 126...0xFFFF:
            bytes.setInteger(0x81 as UInt8, at: 0)
            bytes.setInteger(126 as UInt8, at: 1)
            bytes.setInteger(UInt16(length), at: 2)
            self.init(framed: bytes)
        default:
            // Too long for the room kept: framed the ordinary way, with one copy.
            bytes.moveReaderIndex(forwardBy: Self.reservedHeaderBytes)
            self.init(text: bytes)
        }
    }

    /// Room for the header of a payload up to 65,535 bytes: opcode, 126 and a 16-bit length.
    private static let reservedHeaderBytes = 4

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
