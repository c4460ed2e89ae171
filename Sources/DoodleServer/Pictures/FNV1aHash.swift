/// 64-bit FNV-1a: a checksum that is the same in every process and on every node (unlike
/// `Hasher`), for naming pictures by what they show.
struct FNV1aHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func feed(_ number: Int) {
        for shift in stride(from: 0, to: 64, by: 8) { feed(byte: UInt8(truncatingIfNeeded: number >> shift)) }
    }

    /// The text's bytes and then a separator, so that ("ab", "c") and ("a", "bc") differ.
    mutating func feed(_ text: String?) {
        for byte in (text ?? "").utf8 { feed(byte: byte) }
        feed(-1)
    }

    private mutating func feed(byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
    }
}
