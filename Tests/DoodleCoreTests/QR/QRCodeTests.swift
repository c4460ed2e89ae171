import Testing

@testable import DoodleCore

/// Whole symbols module by module, and the penalty rules that choose the mask.
///
/// Where the expected matrices come from: the finder, separator, timing and alignment patterns,
/// the dark module and the version blocks can be checked by eye against ISO/IEC 18004 §6.3
/// (finders in three corners, row and column 6 alternating, version 7's six alignment patterns,
/// the 6×3 version blocks beside the top-right and lower-left finders). Every module, data and
/// format included, was then compared with the symbol that python-qrcode 8.2, an independent
/// Python encoder, makes of the same bytes (`QRCode(error_correction=ERROR_CORRECT_M, border=0)`
/// with one byte-mode segment): identical, and it chose the same mask by its own penalty rules.
/// zbarimg decodes both (QRCodeDecodingTests). (segno 1.6.6 differs in the data: it adds a 0x00
/// codeword after a terminator that already ends on a codeword boundary, which §7.4.10 does
/// not ask for, and so may choose another mask.)
@Suite struct QRCodeTests {
    private func picture(_ code: QRCode) -> [String] {
        (0..<code.size).map { row in String((0..<code.size).map { code[row, $0] ? "#" : "." }) }
    }

    @Test("\"hello\" is a version 1 symbol with mask 0, module for module")
    func helloSymbol() throws {
        let code = try QRCode(text: "hello")
        #expect(code.version.number == 1)
        #expect(code.mask == .checkerboard)
        let expected = [
            "#######..##...#######",
            "#.....#.##....#.....#",
            "#.###.#..#.##.#.###.#",
            "#.###.#...##..#.###.#",
            "#.###.#.##..#.#.###.#",
            "#.....#.....#.#.....#",
            "#######.#.#.#.#######",
            "..........###........",
            "#.#.#.#..#.#....#..#.",
            "..#.##....#...#....##",
            ".#.#..#.###.#...#####",
            "##..#.........#....#.",
            ".##.#.##..#.#.#.#....",
            "........####.#.#..###",
            "#######...##.###..###",
            "#.....#...####.##....",
            "#.###.#.#.##.###...##",
            "#.###.#..#....##..##.",
            "#.###.#.###.#...#.#.#",
            "#.....#..#....#.#..#.",
            "#######.###.#.##...##",
        ]
        #expect(picture(code) == expected)
    }

    @Test("\"hello\" with mask 4 fixed: the same data under another mask and format, module for module")
    func helloWithBlocksMask() throws {
        let code = try QRCode(text: "hello", mask: .blocks)
        let expected = [
            "#######.##....#######",
            "#.....#....##.#.....#",
            "#.###.#.......#.###.#",
            "#.###.#.#..#..#.###.#",
            "#.###.#.###.#.#.###.#",
            "#.....#.##.#..#.....#",
            "#######.#.#.#.#######",
            "........#..##........",
            "#...#.######.#####..#",
            "#..##...#####..#.###.",
            "###..##...##..###..#.",
            "#......#..#..##.#....",
            "..#...#.....###....#.",
            "........#.#.###..#.#.",
            "#######.###.##...#.#.",
            "#.....#....##..#...#.",
            "#.###.#.#..#..###...#",
            "#.###.#....##....#.##",
            "#.###.#...##..####...",
            "#.....#..##..##......",
            "#######.##..#####...#",
        ]
        #expect(picture(code) == expected)
    }

    @Test("a 108-byte link is a version 7 symbol with mask 0 and both version blocks, module for module")
    func versionSevenSymbol() throws {
        let text = "https://doodle.example/#" + String(repeating: "K7PQ2M", count: 14)
        let code = try QRCode(text: text)
        #expect(code.version.number == 7)
        #expect(code.mask == .checkerboard)
        let expected = [
            "#######...##....#.###...###.#.####..#.#######",
            "#.....#.###..##...###.#....#.##..#.#..#.....#",
            "#.###.#..###..#####.#.##..###.##...#..#.###.#",
            "#.###.#..#.#.#.##...#.##.....#.#...##.#.###.#",
            "#.###.#.#.#..##...#.#####.##.####.###.#.###.#",
            "#.....#.....#..#..###...#......#.#....#.....#",
            "#######.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#######",
            "..........#.#.#..##.#...##..##.....#.........",
            "#.#.#.#..##..#####..#####.#######.##....#..#.",
            "#..##..##..#..##.#.#.........#.#...#.#..#...#",
            "###.#.#.#.##.#.#..####..#..#.#..#..###..##.##",
            "#.###...#..##....###.....#.#.#...#.#..#.#..#.",
            "###.#.#.#.##.#.########.#.##...########.###..",
            "#.##.#.##.#..###.#.#..#.#..##...##......##...",
            ".#.##.##.##.#....#..#...####..####..#.#...###",
            ".#.###..###....#......#.##....####.#.###...#.",
            "###...#.#....#...##...#..####..##....#.####.#",
            "...#...##.#.#..###.#.###.#..#..#.....#...#...",
            "...####..#...#.##..#.#.###.##..#..##.#.#.####",
            ".#...#.##...#...#.##.#....#.##....#.#..#.#..#",
            "..#.##########.#..#######...##############.##",
            "....#...#.#.#..#..###...#.#.##.#....#...#...#",
            "##.##.#.#...#..#..#.#.#.#.#..#..#.#.#.#.#.#.#",
            "...##...#...#.#....##...#.####....###...#...#",
            "#.#.#####..#...##.#######.###..###.#######...",
            "#.###..######......##.#.#.......#..#..#..#.##",
            "##.#..#####...###.#.###.....#.###....##...###",
            ".###.#.#...#..##.###..##.#....#.##.##..#...#.",
            "...####.##.#.##.....####.##.###.#...#..#.###.",
            "#.#.....#.##.###..###...##...#..#..#.##..#...",
            "#.###.#..#..####...##.#.##..#.#...#...#.#####",
            "#..#......###.##....##..##..#..##.######.#..#",
            ".#.#..#.#.####...#.#.##.....#######.....##.##",
            ".#.#...#####.##.##......#...#..#....#.#..#..#",
            "....#.##..#.##.#..#...#.#.#..#.##.#.#.###...#",
            ".####.....#.##.#####.....#.#.#...##...#.#...#",
            "#..##.####..##..##..#########..###..#####.#..",
            "........#..#..###...#...##......##..#...#..#.",
            "#######..####...###.#.#.####..####.##.#.#.###",
            "#.....#..#.#...####.#...#..##.#.#.#.#...#....",
            "#.###.#.####..#.....###########.##.#######.#.",
            "#.###.#..####..#..##.#...#.#....#......#.#.##",
            "#.###.#.#..##...#...####......#....###.######",
            "#.....#....#..##.##....#.#.#..##..##...###.#.",
            "#######.##.#.#..##.###.##..#...####.###.##.##",
        ]
        #expect(picture(code) == expected)
        // The upper-right version block read back: bit i at row i / 3, column size − 11 + i % 3.
        let versionBits = (0..<18).reduce(0) { bits, index in
            bits | (code[index / 3, code.size - 11 + index % 3] ? 1 << index : 0)
        }
        #expect(versionBits == 0x07C94)
    }

    @Test("a fixed mask is used as given; the chosen one scores no higher than any other")
    func maskChoice() throws {
        let text = "http://127.0.0.1:8080/#K7PQ2M"
        let chosen = try QRCode(text: text)
        for mask in QRMask.allCases {
            let fixed = try QRCode(text: text, mask: mask)
            #expect(fixed.mask == mask)
            #expect(fixed.version == chosen.version)
        }
        var unmasked = QRMatrix(version: chosen.version)
        unmasked.placeData(QRCodewords.interleaved(payload: Array(text.utf8), version: chosen.version))
        let penalties = QRMask.allCases.map { QRPenalty.score(unmasked.masked(with: $0)) }
        #expect(penalties[chosen.mask.reference] == penalties.min())
        #expect(penalties.firstIndex(of: penalties.min() ?? -1) == chosen.mask.reference, "the first lowest wins a tie")
    }

    @Test("penalty rule 1: a run of 5 + i costs 3 + i; runs of 4 cost nothing")
    func runPenalty() {
        let line = Array("#####.####......#.".map { $0 == "#" })
        // 5 dark (3) and 6 light (4); the run of 4 dark is free.
        #expect(QRPenalty.runs(in: line) == 7)
        #expect(QRPenalty.runs(in: Array(repeating: false, count: 21)) == 19)
    }

    @Test("penalty rule 3: 1011101 with four light modules on either side costs 40 per occurrence")
    func finderLikePenalty() {
        let pattern = "#.###.#"
        #expect(QRPenalty.finderLikes(in: Array((pattern + "....").map { $0 == "#" })) == 40)
        #expect(QRPenalty.finderLikes(in: Array(("...." + pattern).map { $0 == "#" })) == 40)
        #expect(QRPenalty.finderLikes(in: Array(("...." + pattern + "....").map { $0 == "#" })) == 80)
        #expect(QRPenalty.finderLikes(in: Array(("..." + pattern + "...").map { $0 == "#" })) == 0)
    }

    @Test("penalty rule 2: each 2×2 square of one colour costs 3, overlapping squares each")
    func blockPenalty() {
        let grid = ["###.", "###.", "..#."].map { Array($0.map { $0 == "#" }) }
        // Dark squares at columns 0–1 and 1–2 of rows 0–1; the light pair at column 3 has no partner column.
        #expect(QRPenalty.blocks(in: grid) == 6)
        #expect(QRPenalty.blocks(in: Array(repeating: Array(repeating: false, count: 3), count: 3)) == 12)
    }

    @Test("penalty rule 4: 10 for every full 5% of dark modules away from 50%")
    func balancePenalty() {
        func grid(dark: Int, of total: Int) -> [[Bool]] { [(0..<total).map { $0 < dark }] }
        #expect(QRPenalty.balance(of: grid(dark: 50, of: 100)) == 0)
        #expect(QRPenalty.balance(of: grid(dark: 54, of: 100)) == 0)
        #expect(QRPenalty.balance(of: grid(dark: 55, of: 100)) == 10)
        #expect(QRPenalty.balance(of: grid(dark: 39, of: 100)) == 20)
        #expect(QRPenalty.balance(of: grid(dark: 0, of: 100)) == 100)
    }
}
