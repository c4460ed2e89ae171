/// Appends the primitives of the stroke record format: LEB128 varints and zig-zag signed varints.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    mutating func byte(_ value: UInt8) {
        bytes.append(value)
    }

    /// Unsigned LEB128: seven bits per byte, low bits first, high bit set on every byte but the last.
    mutating func unsigned(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Zig-zag maps small magnitudes of either sign to small unsigned numbers (0, -1, 1, -2 → 0, 1, 2, 3).
    mutating func signed(_ value: Int) {
        let wide = Int64(value)
        unsigned(UInt64(bitPattern: (wide << 1) ^ (wide >> 63)))
    }

    mutating func append(contentsOf other: some Sequence<UInt8>) {
        bytes.append(contentsOf: other)
    }
}
