/// The mask evaluation of ISO/IEC 18004 §7.8.3 (Table 11): the mask whose symbol scores lowest
/// is used. Weights N1 = 3, N2 = 3, N3 = 40, N4 = 10.
enum QRPenalty {
    static let runWeight = 3
    static let blockWeight = 3
    static let finderLikeWeight = 40
    static let balanceWeight = 10

    /// 1:1:3:1:1 with four light modules after it, and the same mirrored. Only modules inside
    /// the symbol are looked at: the quiet zone is not counted as light. Either reading of the
    /// rule only changes which mask wins, never whether the symbol reads.
    private static let finderLikePatterns: [[Bool]] = [
        [true, false, true, true, true, false, true, false, false, false, false],
        [false, false, false, false, true, false, true, true, true, false, true],
    ]

    static func score(_ matrix: QRMatrix) -> Int {
        let rows = (0..<matrix.size).map { row in (0..<matrix.size).map { matrix[row, $0] } }
        let columns = (0..<matrix.size).map { column in rows.map { $0[column] } }
        let linePenalties = (rows + columns).reduce(0) { $0 + runs(in: $1) + finderLikes(in: $1) }
        return linePenalties + blocks(in: rows) + balance(of: rows)
    }

    /// Rule 1: a run of 5 + i modules of one colour costs N1 + i.
    static func runs(in line: [Bool]) -> Int {
        var penalty = 0
        var runLength = 0
        for (index, module) in line.enumerated() {
            runLength = index > 0 && line[index - 1] == module ? runLength + 1 : 1
            let runEnds = index == line.count - 1 || line[index + 1] != module
            if runEnds && runLength >= 5 { penalty += runWeight + runLength - 5 }
        }
        return penalty
    }

    /// Rule 2: every 2×2 square of one colour (overlapping squares each count) costs N2.
    static func blocks(in rows: [[Bool]]) -> Int {
        var count = 0
        for (upper, lower) in zip(rows, rows.dropFirst()) {
            for column in 0..<max(0, upper.count - 1) {
                let colour = upper[column]
                if upper[column + 1] == colour && lower[column] == colour && lower[column + 1] == colour { count += 1 }
            }
        }
        return count * blockWeight
    }

    /// Rule 3: each finder-like pattern in a line costs N3.
    static func finderLikes(in line: [Bool]) -> Int {
        guard line.count >= 11 else { return 0 }
        var count = 0
        for start in 0...(line.count - 11) {
            for pattern in finderLikePatterns where line[start..<start + 11].elementsEqual(pattern) {
                count += 1
            }
        }
        return count * finderLikeWeight
    }

    /// Rule 4: N4 for every full 5% that the dark share departs from 50%.
    static func balance(of rows: [[Bool]]) -> Int {
        let total = rows.reduce(0) { $0 + $1.count }
        guard total > 0 else { return 0 }
        let darkCount = rows.reduce(0) { sum, row in sum + row.count { $0 } }
        // |dark/total·100 − 50| / 5, kept in integers.
        let steps = abs(darkCount * 20 - total * 10) / total
        return steps * balanceWeight
    }
}
