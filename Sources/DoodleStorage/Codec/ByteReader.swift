/// Reads what `ByteWriter` wrote, refusing truncated or overlong input instead of trapping.
struct ByteReader {
    private let bytes: [UInt8]
    private(set) var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var remaining: Int { bytes.count - offset }

    mutating func byte() throws(StrokeCodecError) -> UInt8 {
        guard offset < bytes.count else { throw .truncated(offset: offset) }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func unsigned() throws(StrokeCodecError) -> UInt64 {
        let start = offset
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            // The tenth byte may only carry the 64th bit.
            guard shift < 63 || (shift == 63 && next <= 1) else { throw .malformedVarint(offset: start) }
            value |= UInt64(next & 0x7f) << shift
            if next & 0x80 == 0 { return value }
            shift += 7
        }
    }

    mutating func signed() throws(StrokeCodecError) -> Int {
        let raw = try unsigned()
        let wide = Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
        return Int(wide)
    }

    /// An unsigned varint that counts things still to come, each at least `minimumBytes` long:
    /// a count the remaining input cannot hold is corrupt, and must not size an allocation.
    mutating func count(minimumBytes: Int) throws(StrokeCodecError) -> Int {
        let start = offset
        let raw = try unsigned()
        guard raw <= UInt64(remaining / max(minimumBytes, 1)) else { throw .countTooLarge(offset: start) }
        return Int(raw)
    }

    mutating func bytes(_ count: Int) throws(StrokeCodecError) -> ArraySlice<UInt8> {
        guard count <= remaining else { throw .truncated(offset: offset) }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }
}
