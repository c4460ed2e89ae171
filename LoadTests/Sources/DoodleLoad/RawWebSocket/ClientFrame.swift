/// A client-to-server WebSocket frame as raw bytes (RFC 6455 §5.2), built exactly as asked,
/// also when that breaks the protocol: the hostile soak needs frames no library would send.
public struct ClientFrame: Sendable, Equatable {
    /// RFC 6455 opcodes, plus the reserved ones a hostile client may send anyway.
    public enum Opcode: UInt8, Sendable {
        case continuation = 0x0, text = 0x1, binary = 0x2, close = 0x8, ping = 0x9, pong = 0xA
        case reservedData = 0x3, reservedControl = 0xB
    }

    public var opcode: Opcode
    public var payload: [UInt8]
    public var fin = true
    /// The three reserved bits (RSV1–3), as the high bits of the first byte; 0 in a valid frame.
    public var reservedBits: UInt8 = 0
    /// Clients must mask; an unmasked frame is a protocol error the server has to catch.
    public var masked = true

    public init(opcode: Opcode, payload: [UInt8], fin: Bool = true, reservedBits: UInt8 = 0, masked: Bool = true) {
        self.opcode = opcode
        self.payload = payload
        self.fin = fin
        self.reservedBits = reservedBits
        self.masked = masked
    }

    /// A final text frame.
    public static func text(_ text: String) -> ClientFrame {
        ClientFrame(opcode: .text, payload: Array(text.utf8))
    }

    /// The frame on the wire. `maskKey` is fixed by the caller so that tests can check bytes;
    /// the server must unmask whatever key it gets.
    public func bytes(maskKey: (UInt8, UInt8, UInt8, UInt8) = (0x37, 0xFA, 0x21, 0x3D)) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(payload.count + 14)
        out.append((fin ? 0x80 : 0) | (reservedBits & 0x70) | opcode.rawValue)
        let maskBit: UInt8 = masked ? 0x80 : 0
        switch payload.count {
        case ..<126:
            out.append(maskBit | UInt8(payload.count))
        case ..<65_536:
            out.append(maskBit | 126)
            out.append(UInt8(payload.count >> 8))
            out.append(UInt8(payload.count & 0xFF))
        default:
            out.append(maskBit | 127)
            for shift in stride(from: 56, through: 0, by: -8) { out.append(UInt8((UInt64(payload.count) >> UInt64(shift)) & 0xFF)) }
        }
        guard masked else { return out + payload }
        let key = [maskKey.0, maskKey.1, maskKey.2, maskKey.3]
        out.append(contentsOf: key)
        for (index, byte) in payload.enumerated() { out.append(byte ^ key[index & 3]) }
        return out
    }
}
