/// Where one WebSocket frame lies in bytes that begin with it (RFC 6455, section 5.2).
struct FrameHeader: Equatable {
    var opcode: UInt8
    var fin: Bool
    /// The masking key's offset, when the frame is masked (a client's frame).
    var maskOffset: Int?
    /// The payload's offset from the frame's first byte.
    var payloadOffset: Int
    var payloadLength: Int

    /// The whole frame's length: where the next one starts.
    var frameLength: Int { payloadOffset + payloadLength }
}

extension FrameHeader {
    /// The header of the frame `bytes` begin with; nil until the whole frame is there, or if it
    /// claims a length no stream of ours could hold.
    init?<Bytes: RandomAccessCollection>(of bytes: Bytes) where Bytes.Element == UInt8, Bytes.Index == Int {
        let base = bytes.startIndex
        guard bytes.count >= 2 else { return nil }
        let first = bytes[base]
        let second = bytes[base + 1]
        var headerLength = 2
        var length = Int(second & 0x7F)
        if length == 126 {
            guard bytes.count >= 4 else { return nil }
            length = Int(bytes[base + 2]) << 8 | Int(bytes[base + 3])
            headerLength = 4
        } else if length == 127 {
            guard bytes.count >= 10 else { return nil }
            // Eight bytes of length: anything past 2^40 (its first three bytes) is refused before
            // it is shifted, so the arithmetic cannot overflow.
            guard bytes[(base + 2)..<(base + 5)].allSatisfy({ $0 == 0 }) else { return nil }
            length = 0
            for index in 5..<10 { length = length << 8 | Int(bytes[base + index]) }
            headerLength = 10
        }
        let masked = second & 0x80 != 0
        let payloadOffset = headerLength + (masked ? 4 : 0)
        guard bytes.count >= payloadOffset + length else { return nil }
        self.opcode = first & 0x0F
        self.fin = first & 0x80 != 0
        self.maskOffset = masked ? headerLength : nil
        self.payloadOffset = payloadOffset
        self.payloadLength = length
    }
}
