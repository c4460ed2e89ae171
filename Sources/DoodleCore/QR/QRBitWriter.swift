/// Bits appended most significant first and read back as bytes.
struct QRBitWriter {
    private(set) var bits: [Bool] = []

    var count: Int { bits.count }

    /// Appends the low `width` bits of `value`, most significant first.
    mutating func append(_ value: Int, width: Int) {
        precondition(width >= 0 && (width == Int.bitWidth || value >> width == 0), "\(value) does not fit in \(width) bits")
        for shift in stride(from: width - 1, through: 0, by: -1) {
            bits.append(value >> shift & 1 == 1)
        }
    }

    /// The bits as bytes; the count must be a whole number of bytes.
    var bytes: [UInt8] {
        precondition(bits.count % 8 == 0, "\(bits.count) bits are not whole bytes")
        return stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<start + 8].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) }
        }
    }
}
