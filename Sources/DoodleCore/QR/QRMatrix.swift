/// A symbol under construction: which modules are dark, and which belong to function patterns
/// (finders, separators, timing, alignment, the dark module, format and version information),
/// so that data placement and masking leave them alone. Coordinates are (row, column) from the
/// top-left corner.
struct QRMatrix: Sendable, Equatable {
    let size: Int
    private(set) var dark: [Bool]
    private(set) var isFunction: [Bool]

    /// The version's function patterns drawn, format and version areas reserved, no data yet.
    init(version: QRVersion) {
        size = version.size
        dark = Array(repeating: false, count: size * size)
        isFunction = Array(repeating: false, count: size * size)
        drawTimingPatterns()
        for (row, column) in [(3, 3), (3, size - 4), (size - 4, 3)] {
            drawFinderPattern(centreRow: row, centreColumn: column)
        }
        drawAlignmentPatterns(centres: version.alignmentCentres)
        // Reserved now, written once the mask is chosen.
        drawFormatInformation(0)
        if version.number >= 7 { drawVersionInformation(QRFormatInformation.versionBits(version: version.number)) }
        // The single dark module beside the lower-left finder (§7.9.1).
        set(row: size - 8, column: 8, dark: true)
    }

    subscript(row: Int, column: Int) -> Bool {
        dark[row * size + column]
    }

    func isFunctionModule(row: Int, column: Int) -> Bool {
        isFunction[row * size + column]
    }

    /// How many modules data placement can use: every module outside the function patterns.
    var dataModuleCount: Int { isFunction.count { !$0 } }

    // MARK: Function patterns

    private mutating func set(row: Int, column: Int, dark value: Bool) {
        dark[row * size + column] = value
        isFunction[row * size + column] = true
    }

    /// Row 6 and column 6 alternate dark and light, dark at even indices; the finders drawn
    /// afterwards cover their ends.
    private mutating func drawTimingPatterns() {
        for index in 0..<size {
            set(row: 6, column: index, dark: index % 2 == 0)
            set(row: index, column: 6, dark: index % 2 == 0)
        }
    }

    /// A 7×7 finder (dark ring, light ring, dark 3×3 core) and its light separator, clipped at
    /// the symbol's edge.
    private mutating func drawFinderPattern(centreRow: Int, centreColumn: Int) {
        for rowOffset in -4...4 {
            for columnOffset in -4...4 {
                let row = centreRow + rowOffset
                let column = centreColumn + columnOffset
                guard (0..<size).contains(row), (0..<size).contains(column) else { continue }
                let ring = max(abs(rowOffset), abs(columnOffset))
                set(row: row, column: column, dark: ring != 2 && ring != 4)
            }
        }
    }

    /// A 5×5 alignment pattern (dark ring, light ring, dark centre) at every pair of centre
    /// coordinates except the three that would overlap a finder.
    private mutating func drawAlignmentPatterns(centres: [Int]) {
        guard let last = centres.last else { return }
        for row in centres {
            for column in centres {
                let overlapsFinder = (row == 6 && column == 6) || (row == 6 && column == last) || (row == last && column == 6)
                if overlapsFinder { continue }
                for rowOffset in -2...2 {
                    for columnOffset in -2...2 {
                        let ring = max(abs(rowOffset), abs(columnOffset))
                        set(row: row + rowOffset, column: column + columnOffset, dark: ring != 1)
                    }
                }
            }
        }
    }

    /// Both copies of the 15-bit format information (§7.9.1, Figure 25); bit 0 is the least
    /// significant. The first copy runs up column 8 beside the top-left finder (bits 0–7, the
    /// timing row skipped) and then left along row 8 (bits 8–14); the second is split between
    /// row 8 under the top-right finder (bits 0–7) and column 8 beside the lower-left one (bits 8–14).
    mutating func drawFormatInformation(_ bits: Int) {
        func bit(_ index: Int) -> Bool { bits >> index & 1 == 1 }
        for index in 0...5 { set(row: index, column: 8, dark: bit(index)) }
        set(row: 7, column: 8, dark: bit(6))
        set(row: 8, column: 8, dark: bit(7))
        set(row: 8, column: 7, dark: bit(8))
        for index in 9...14 { set(row: 8, column: 14 - index, dark: bit(index)) }
        for index in 0...7 { set(row: 8, column: size - 1 - index, dark: bit(index)) }
        for index in 8...14 { set(row: size - 15 + index, column: 8, dark: bit(index)) }
    }

    /// Both copies of the 18-bit version information (§7.10, Figure 27): a 6×3 block above the
    /// lower-left finder and its transpose left of the top-right finder; bit i sits at
    /// (i / 3, size − 11 + i % 3) in the upper block.
    private mutating func drawVersionInformation(_ bits: Int) {
        for index in 0..<18 {
            let value = bits >> index & 1 == 1
            let across = index / 3
            let along = size - 11 + index % 3
            set(row: across, column: along, dark: value)
            set(row: along, column: across, dark: value)
        }
    }

    // MARK: Data

    /// Places `codewords` most significant bit first in the zigzag of §7.7.3: two-module-wide
    /// columns from the right edge, alternately upwards and downwards, right module before left,
    /// skipping function modules and the vertical timing column. Modules left over (the
    /// remainder bits) stay light.
    mutating func placeData(_ codewords: [UInt8]) {
        var bitIndex = 0
        let bitCount = codewords.count * 8
        var right = size - 1
        var upwards = true
        while right > 0 {
            if right == 6 { right = 5 }
            for step in 0..<size {
                let row = upwards ? size - 1 - step : step
                for column in [right, right - 1] where !isFunctionModule(row: row, column: column) {
                    if bitIndex < bitCount {
                        dark[row * size + column] = codewords[bitIndex / 8] >> (7 - bitIndex % 8) & 1 == 1
                        bitIndex += 1
                    }
                }
            }
            upwards.toggle()
            right -= 2
        }
        precondition(bitIndex == bitCount, "placed \(bitIndex) of \(bitCount) bits")
    }

    /// This matrix with `mask` applied to every data module and the format information for
    /// level M and `mask` written.
    func masked(with mask: QRMask) -> QRMatrix {
        var result = self
        for row in 0..<size {
            for column in 0..<size where !isFunctionModule(row: row, column: column) && mask.inverts(row: row, column: column) {
                result.dark[row * size + column].toggle()
            }
        }
        result.drawFormatInformation(QRFormatInformation.formatBits(mask: mask))
        return result
    }
}
