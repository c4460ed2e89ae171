import DoodleCore

/// Realistic finished drawings for the benchmark: `strokes` strokes of `pointsPerStroke` points
/// each, sent as a client does (a `strokeBegin` with the first 8 points, `strokePoints` batches of
/// 8, a `strokeEnd`), points wandering a few pixels at a time as a pointer does, and `guessers`
/// correct guesses. The stroke records come from a small pool generated up front, so making a
/// drawing during the run costs next to nothing; the writer still encodes each one.
struct BenchDrawings: Sendable {
    static let batchPoints = 8

    let strokes: Int
    let pointsPerStroke: Int
    let guessers: Int
    private let records: [[DrawingAction]]

    init(strokes: Int = 30, pointsPerStroke: Int = 40, guessers: Int = 3, distinctRecords: Int = 64) {
        self.strokes = strokes
        self.pointsPerStroke = pointsPerStroke
        self.guessers = guessers
        var random = SeededRandom(seed: 0x00D0_0D1E)
        records = (0..<max(distinctRecords, 1)).map { _ in
            Self.record(strokes: strokes, pointsPerStroke: pointsPerStroke, random: &random)
        }
    }

    /// Drawing number `index` of the run; ids are unique within a run.
    func drawing(_ index: Int, endedAt: Int64) -> FinishedDrawing {
        let guesses = (0..<guessers).map { position in
            GuessRecord(playerId: "p_guesser\(position)", gained: 400 - position * 100, atMilliseconds: Int64(8_000 + position * 3_500))
        }
        return FinishedDrawing(
            id: "d_bench\(index)", gameId: "g_bench\(index / 24)", roomCode: "BENCH1", word: "giraffe",
            drawerId: "p_drawer\(index % 8)", drawerName: "Drawer \(index % 8)", guessers: guesses, drawerGained: 180,
            startedAt: endedAt - 60_000, endedAt: endedAt, actions: records[index % records.count])
    }

    private static func record(strokes: Int, pointsPerStroke: Int, random: inout SeededRandom) -> [DrawingAction] {
        let colors = ["#1a2b3c", "#ff0000", "#00aa00", "#0000ff", "#000000", "#ffcc00"]
        var actions: [DrawingAction] = []
        for strokeId in 1...max(strokes, 1) {
            var x = Int.random(in: 100..<1500, using: &random)
            var y = Int.random(in: 100..<1100, using: &random)
            var points: [Int] = []
            points.reserveCapacity(2 * pointsPerStroke)
            for _ in 0..<pointsPerStroke {
                x = min(max(x + Int.random(in: -12...12, using: &random), 0), 1599)
                y = min(max(y + Int.random(in: -12...12, using: &random), 0), 1199)
                points += [x, y]
            }
            let batches = stride(from: 0, to: points.count, by: 2 * batchPoints).map { PointList(points[$0..<min($0 + 2 * batchPoints, points.count)]) }
            let color = colors[Int.random(in: 0..<colors.count, using: &random)]
            let width = Int.random(in: 2...20, using: &random)
            actions.append(.strokeBegin(StrokeBegin(strokeId: strokeId, tool: .pen, color: color, width: width, points: batches.first ?? [])))
            for batch in batches.dropFirst() {
                actions.append(.strokePoints(strokeId: strokeId, points: batch))
            }
            actions.append(.strokeEnd(strokeId: strokeId))
        }
        return actions
    }
}
