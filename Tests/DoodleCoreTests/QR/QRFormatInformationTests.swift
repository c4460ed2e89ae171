import Testing

@testable import DoodleCore

/// Format and version information against the tables of ISO/IEC 18004 (Annex C, Table C.1 and
/// Annex D, Table D.1).
@Suite struct QRFormatInformationTests {
    @Test("format information at level M for each mask, as Table C.1 lists it")
    func formatBitsAtLevelM() {
        let expected: [QRMask: Int] = [
            .checkerboard: 0b101_0100_0001_0010,
            .evenRows: 0b101_0001_0010_0101,
            .everyThirdColumn: 0b101_1110_0111_1100,
            .diagonals: 0b101_1011_0100_1011,
            .blocks: 0b100_0101_1111_1001,
            .productSum: 0b100_0000_1100_1110,
            .productSumParity: 0b100_1111_1001_0111,
            .mixedParity: 0b100_1010_1010_0000,
        ]
        for mask in QRMask.allCases {
            #expect(QRFormatInformation.formatBits(mask: mask) == expected[mask], "mask \(mask.reference)")
        }
    }

    @Test("version information for versions 7–10, as Table D.1 lists it")
    func versionBits() {
        #expect(QRFormatInformation.versionBits(version: 7) == 0x07C94)
        #expect(QRFormatInformation.versionBits(version: 8) == 0x085BC)
        #expect(QRFormatInformation.versionBits(version: 9) == 0x09A99)
        #expect(QRFormatInformation.versionBits(version: 10) == 0x0A4D3)
    }

    @Test("the format information is written where a reader looks for it, both copies")
    func formatInformationPlacement() throws {
        let code = try QRCode(text: "hello", mask: .diagonals)
        let bits = QRFormatInformation.formatBits(mask: .diagonals)
        let size = code.size
        // Read back independently of the writer: bit 14 first, along the top-left finder's
        // row 8 (left to right, skipping the timing column) then up its column 8 (skipping the
        // timing row); and the second copy up column 8 from the bottom, then along row 8 to the right.
        let firstCopy: [(Int, Int)] = [(8, 0), (8, 1), (8, 2), (8, 3), (8, 4), (8, 5), (8, 7), (8, 8), (7, 8), (5, 8), (4, 8), (3, 8), (2, 8), (1, 8), (0, 8)]
        let secondCopy: [(Int, Int)] = (0..<7).map { (size - 1 - $0, 8) } + (0..<8).map { (8, size - 8 + $0) }
        for positions in [firstCopy, secondCopy] {
            let read = positions.reduce(0) { $0 << 1 | (code[$1.0, $1.1] ? 1 : 0) }
            #expect(read == bits)
        }
        #expect(code[size - 8, 8], "the dark module")
    }
}
