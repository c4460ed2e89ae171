/// The codeword sequence of a symbol: a byte-mode segment padded to the version's data
/// capacity (ISO/IEC 18004 §7.4), split into blocks, each block's Reed–Solomon codewords added,
/// and everything interleaved (§7.6).
enum QRCodewords {
    /// Byte mode's 4-bit mode indicator (Table 2).
    static let byteModeIndicator = 0b0100
    /// The pad codewords that fill the data capacity, alternately (§7.4.10).
    static let padCodewords: [UInt8] = [0xEC, 0x11]

    /// The data codewords for `payload` in `version`: mode, count, bytes, terminator, padding.
    static func dataCodewords(for payload: [UInt8], version: QRVersion) -> [UInt8] {
        precondition(payload.count <= version.byteCapacity, "\(payload.count) bytes exceed version \(version.number)")
        let capacityBits = version.dataCodewords * 8
        var writer = QRBitWriter()
        writer.append(byteModeIndicator, width: 4)
        writer.append(payload.count, width: version.characterCountBits)
        for byte in payload { writer.append(Int(byte), width: 8) }
        // The terminator is up to four zero bits, fewer when the capacity ends sooner.
        writer.append(0, width: min(4, capacityBits - writer.count))
        writer.append(0, width: (8 - writer.count % 8) % 8)
        var codewords = writer.bytes
        var padIndex = 0
        while codewords.count < version.dataCodewords {
            codewords.append(padCodewords[padIndex])
            padIndex = 1 - padIndex
        }
        return codewords
    }

    /// The data codewords cut into the version's blocks, shorter blocks first.
    static func blocks(of data: [UInt8], version: QRVersion) -> [[UInt8]] {
        precondition(data.count == version.dataCodewords, "a version \(version.number) symbol holds \(version.dataCodewords) data codewords")
        var blocks: [[UInt8]] = []
        var start = 0
        for group in version.blockGroups {
            for _ in 0..<group.count {
                blocks.append(Array(data[start..<start + group.dataCodewords]))
                start += group.dataCodewords
            }
        }
        return blocks
    }

    /// The final sequence placed in the symbol: the data codewords taken column by column across
    /// the blocks (a shorter block simply runs out first), then the check codewords the same way.
    static func interleaved(payload: [UInt8], version: QRVersion) -> [UInt8] {
        let dataBlocks = blocks(of: dataCodewords(for: payload, version: version), version: version)
        let encoder = ReedSolomonEncoder(degree: version.checkCodewordsPerBlock)
        let checkBlocks = dataBlocks.map { encoder.checkCodewords(for: $0) }
        var sequence: [UInt8] = []
        sequence.reserveCapacity(version.totalCodewords)
        for blocks in [dataBlocks, checkBlocks] {
            let longest = blocks.map(\.count).max() ?? 0
            for index in 0..<longest {
                for block in blocks where index < block.count {
                    sequence.append(block[index])
                }
            }
        }
        return sequence
    }
}
