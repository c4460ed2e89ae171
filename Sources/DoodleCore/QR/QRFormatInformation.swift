/// The BCH-protected words that tell a reader how a symbol was made (ISO/IEC 18004 §7.9, Annex C
/// and Annex D).
enum QRFormatInformation {
    /// Level M's 2-bit error correction indicator (Table 12: L 01, M 00, Q 11, H 10).
    static let levelMIndicator = 0b00

    /// The 15-bit format information for level M and `mask`: the 5 data bits, their BCH(15,5)
    /// remainder under x¹⁰ + x⁸ + x⁵ + x⁴ + x² + x + 1 (0x537), XORed with 0x5412 so that no
    /// combination gives all zeros.
    static func formatBits(mask: QRMask) -> Int {
        let data = levelMIndicator << 3 | mask.reference
        return (data << 10 | remainder(of: data << 10, generator: 0x537, degree: 10)) ^ 0x5412
    }

    /// The 18-bit version information of versions 7 and up: the 6-bit version number and its
    /// BCH(18,6) remainder under x¹² + x¹¹ + x¹⁰ + x⁹ + x⁸ + x⁵ + x² + 1 (0x1F25).
    static func versionBits(version: Int) -> Int {
        version << 12 | remainder(of: version << 12, generator: 0x1F25, degree: 12)
    }

    /// The remainder of binary polynomial division of `value` by `generator` (of `degree`).
    private static func remainder(of value: Int, generator: Int, degree: Int) -> Int {
        var remainder = value
        var bit = Int.bitWidth - 1 - remainder.leadingZeroBitCount
        while bit >= degree {
            if remainder & (1 << bit) != 0 { remainder ^= generator << (bit - degree) }
            bit -= 1
        }
        return remainder
    }
}
