/// FNV-1a, 64 bits: a small, stable hash of what is fed to it, the same on every server and in
/// every client (no per-process seed, unlike `Hasher`). For checksums in picture tags, a derived
/// avatar (PROTOCOL.md rev 5, "Avatars"), a house bot's random seed.
public struct FNV1aHash: Sendable {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    /// The number's 8 bytes, lowest first.
    public mutating func feed(_ number: Int) {
        for shift in stride(from: 0, to: 64, by: 8) { feed(byte: UInt8(truncatingIfNeeded: number >> shift)) }
    }

    /// The text's bytes and then a separator, so that ("ab", "c") and ("a", "bc") differ.
    public mutating func feed(_ text: String?) {
        feed(utf8: text ?? "")
        feed(-1)
    }

    /// The text's UTF-8 bytes alone: the hash of one string, as the contract's derived avatar has it.
    public mutating func feed(utf8 text: String) {
        for byte in text.utf8 { feed(byte: byte) }
    }

    private mutating func feed(byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
    }

    /// The FNV-1a hash of `text`'s UTF-8 bytes.
    public static func of(_ text: String) -> UInt64 {
        var hash = FNV1aHash()
        hash.feed(utf8: text)
        return hash.value
    }
}
