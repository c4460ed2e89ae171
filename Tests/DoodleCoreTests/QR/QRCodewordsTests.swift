import Testing

@testable import DoodleCore

/// Byte-mode data, the version table and block interleaving.
@Suite struct QRCodewordsTests {
    @Test("\"hello\" in 1-M: mode 0100, count 5, the bytes, the terminator, then EC 11 padding")
    func helloDataCodewords() throws {
        // Worked by hand: 0100 00000101 01101000 01100101 01101100 01101100 01101111 0000
        // regroups into 40 56 86 56 C6 C6 F0; nine pad codewords fill the 16.
        let version = try #require(QRVersion.smallest(holding: 5))
        #expect(version.number == 1)
        let data = QRCodewords.dataCodewords(for: Array("hello".utf8), version: version)
        #expect(data == [0x40, 0x56, 0x86, 0x56, 0xC6, 0xC6, 0xF0, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC])
    }

    @Test("version 10 counts bytes in 16 bits; a full symbol ends in exactly the 4-bit terminator")
    func sixteenBitCountAndNoTerminator() throws {
        let version = QRVersion.all[9]
        let payload = [UInt8](repeating: 0xFF, count: version.byteCapacity)
        let data = QRCodewords.dataCodewords(for: payload, version: version)
        #expect(data.count == 216)
        // 0100, then 213 as 0000000011010101, then the 1-bits of 0xFF…: 0x40 0x0D 0x5F.
        #expect(Array(data.prefix(3)) == [0x40, 0x0D, 0x5F])
        // 4 + 16 + 213·8 = 1724 bits of 1728: the last codeword is the last byte's low 0xF, then
        // the terminator's four zeros, and no pad codeword.
        #expect(data.last == 0xF0)
    }

    @Test("byte capacities at level M are Table 7's: 14, 26, 42, 62, 84, 106, 122, 152, 180, 213")
    func byteCapacities() {
        #expect(QRVersion.all.map(\.byteCapacity) == [14, 26, 42, 62, 84, 106, 122, 152, 180, 213])
        #expect(QRVersion.all.map(\.totalCodewords) == [26, 44, 70, 100, 134, 172, 196, 242, 292, 346])
        #expect(QRVersion.smallest(holding: 14)?.number == 1)
        #expect(QRVersion.smallest(holding: 15)?.number == 2)
        #expect(QRVersion.smallest(holding: 213)?.number == 10)
        #expect(QRVersion.smallest(holding: 214) == nil)
    }

    @Test("the modules left for data are the codewords plus the standard's remainder bits (0 or 7)")
    func dataModulesMatchTheCodewordCount() {
        // Table 1: remainder bits are 0 for version 1, 7 for versions 2–6, 0 for 7–13.
        let remainderBits = [0, 7, 7, 7, 7, 7, 0, 0, 0, 0]
        for version in QRVersion.all {
            let modules = QRMatrix(version: version).dataModuleCount
            #expect(modules == version.totalCodewords * 8 + remainderBits[version.number - 1], "version \(version.number)")
        }
    }

    @Test("blocks interleave column by column, the longer blocks' last codeword after the rest")
    func interleaving() {
        // Version 8: blocks of 38, 38, 39, 39 data codewords and 22 check codewords each.
        let version = QRVersion.all[7]
        let payload = (0..<version.byteCapacity).map { UInt8($0 % 256) }
        let data = QRCodewords.dataCodewords(for: payload, version: version)
        let blocks = QRCodewords.blocks(of: data, version: version)
        #expect(blocks.map(\.count) == [38, 38, 39, 39])
        let sequence = QRCodewords.interleaved(payload: payload, version: version)
        #expect(sequence.count == 242)
        #expect(Array(sequence.prefix(5)) == [blocks[0][0], blocks[1][0], blocks[2][0], blocks[3][0], blocks[0][1]])
        #expect(sequence[152] == blocks[2][38] && sequence[153] == blocks[3][38])
        let encoder = ReedSolomonEncoder(degree: 22)
        #expect(sequence[154] == encoder.checkCodewords(for: blocks[0])[0])
        #expect(sequence[155] == encoder.checkCodewords(for: blocks[1])[0])
        #expect(sequence.last == encoder.checkCodewords(for: blocks[3])[21])
    }

    @Test("a payload over version 10's capacity is refused with the sizes in the message")
    func tooLong() {
        #expect(throws: QRCodeError.tooLong(byteCount: 214, maximum: 213)) {
            try QRCode(bytes: Array(repeating: 0x41, count: 214))
        }
        #expect(QRCodeError.tooLong(byteCount: 214, maximum: 213).description.contains("214 bytes"))
    }
}
