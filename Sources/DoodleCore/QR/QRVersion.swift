/// One QR version (1–10) at error correction level M: its size, where its alignment patterns
/// sit, and how its codewords split into blocks. The figures are ISO/IEC 18004's: Table 9 (the
/// block structure at level M) and Annex E (alignment pattern centres).
public struct QRVersion: Sendable, Equatable {
    /// Data codewords per block and how many blocks have that size.
    struct BlockGroup: Sendable, Equatable {
        var count: Int
        var dataCodewords: Int
    }

    /// The version number, 1–10.
    public let number: Int
    /// Error correction codewords in each block (the same for every block of a version).
    let checkCodewordsPerBlock: Int
    /// Groups of blocks in the order their codewords are interleaved: the shorter blocks first.
    let blockGroups: [BlockGroup]
    /// Row and column coordinates of alignment pattern centres (empty for version 1).
    let alignmentCentres: [Int]

    public static let smallest = 1
    public static let largest = 10

    /// Modules per side: 21 for version 1, four more for each version after it.
    public var size: Int { 17 + 4 * number }

    var blockCount: Int { blockGroups.reduce(0) { $0 + $1.count } }
    var dataCodewords: Int { blockGroups.reduce(0) { $0 + $1.count * $1.dataCodewords } }
    var totalCodewords: Int { dataCodewords + blockCount * checkCodewordsPerBlock }

    /// Bits of the byte mode's character count: 8 up to version 9, 16 from version 10 (Table 3).
    var characterCountBits: Int { number <= 9 ? 8 : 16 }

    /// How many bytes byte mode fits: the data bits less the 4-bit mode indicator and the count.
    public var byteCapacity: Int { (dataCodewords * 8 - 4 - characterCountBits) / 8 }

    /// Versions 1–10 at level M, in order.
    public static let all: [QRVersion] = [
        QRVersion(number: 1, checkCodewordsPerBlock: 10, blockGroups: [.init(count: 1, dataCodewords: 16)], alignmentCentres: []),
        QRVersion(number: 2, checkCodewordsPerBlock: 16, blockGroups: [.init(count: 1, dataCodewords: 28)], alignmentCentres: [6, 18]),
        QRVersion(number: 3, checkCodewordsPerBlock: 26, blockGroups: [.init(count: 1, dataCodewords: 44)], alignmentCentres: [6, 22]),
        QRVersion(number: 4, checkCodewordsPerBlock: 18, blockGroups: [.init(count: 2, dataCodewords: 32)], alignmentCentres: [6, 26]),
        QRVersion(number: 5, checkCodewordsPerBlock: 24, blockGroups: [.init(count: 2, dataCodewords: 43)], alignmentCentres: [6, 30]),
        QRVersion(number: 6, checkCodewordsPerBlock: 16, blockGroups: [.init(count: 4, dataCodewords: 27)], alignmentCentres: [6, 34]),
        QRVersion(number: 7, checkCodewordsPerBlock: 18, blockGroups: [.init(count: 4, dataCodewords: 31)], alignmentCentres: [6, 22, 38]),
        QRVersion(
            number: 8, checkCodewordsPerBlock: 22, blockGroups: [.init(count: 2, dataCodewords: 38), .init(count: 2, dataCodewords: 39)],
            alignmentCentres: [6, 24, 42]),
        QRVersion(
            number: 9, checkCodewordsPerBlock: 22, blockGroups: [.init(count: 3, dataCodewords: 36), .init(count: 2, dataCodewords: 37)],
            alignmentCentres: [6, 26, 46]),
        QRVersion(
            number: 10, checkCodewordsPerBlock: 26, blockGroups: [.init(count: 4, dataCodewords: 43), .init(count: 1, dataCodewords: 44)],
            alignmentCentres: [6, 28, 50]),
    ]

    /// The smallest version whose byte capacity holds `byteCount` bytes, or nil if none does.
    public static func smallest(holding byteCount: Int) -> QRVersion? {
        all.first { $0.byteCapacity >= byteCount }
    }
}
