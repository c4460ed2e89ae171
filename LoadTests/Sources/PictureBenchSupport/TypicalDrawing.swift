import DoodleCore

/// Drawings like a person's, about 5,000 points: smooth pen strokes sampled every few pixels as
/// a pointer reports them, in a handful of colours and widths, with a few eraser strokes; the
/// same for a seed, so both renderers draw exactly the same thing.
public enum TypicalDrawing {
    public static let palette = ["#222222", "#d62828", "#1d4ed8", "#2a9d8f", "#f4a261", "#6a4c93", "#43a047"]

    public static func actions(seed: UInt64, strokes: Int = 60, pointsPerStroke: Int = 85, fills: Int = 0) -> [DrawingAction] {
        var random = SeededRandom(seed: seed)
        var actions: [DrawingAction] = []
        for id in 1...strokes {
            var x = Double.random(in: 200...1400, using: &random)
            var y = Double.random(in: 150...1050, using: &random)
            var heading = Double.random(in: 0..<(2 * Double.pi), using: &random)
            let turn = Double.random(in: -0.12...0.12, using: &random)
            var points: [Int] = []
            for _ in 0..<pointsPerStroke {
                points += [Int(x.rounded()), Int(y.rounded())]
                heading += turn + Double.random(in: -0.05...0.05, using: &random)
                let step = Double.random(in: 5...11, using: &random)
                x = min(max(x + step * cos(heading), 0), 1599)
                y = min(max(y + step * sin(heading), 0), 1199)
            }
            let eraser = id % 15 == 0
            let begin = StrokeBegin(
                strokeId: id, tool: eraser ? .eraser : .pen, color: eraser ? nil : palette[Int.random(in: 0..<palette.count, using: &random)],
                width: eraser ? 30 : [4, 6, 8, 12, 16][Int.random(in: 0..<5, using: &random)], points: PointList(points.prefix(64)))
            actions.append(.strokeBegin(begin))
            // As a client sends it: the first points with the begin, the rest in batches.
            var rest = points.dropFirst(64)
            while !rest.isEmpty {
                actions.append(.strokePoints(strokeId: id, points: PointList(rest.prefix(64))))
                rest = rest.dropFirst(64)
            }
            actions.append(.strokeEnd(strokeId: id))
        }
        for index in 0..<fills {
            actions.append(.fill(FillAction(x: 100 + index * 400, y: 100 + index * 300, color: palette[index % palette.count])))
        }
        return actions
    }

    /// Visible strokes as the floor draws them: points, width, colour (nil for the eraser).
    public static func strokes(of actions: [DrawingAction]) -> [(points: [Int], width: Int, color: RGBColor?)] {
        var strokes: [(points: [Int], width: Int, color: RGBColor?)] = []
        for action in actions {
            switch action {
            case .strokeBegin(let begin):
                strokes.append((Array(begin.points), begin.width, begin.tool == .eraser ? nil : begin.color.flatMap(RGBColor.init(hex:))))
            case .strokePoints(_, let points):
                strokes[strokes.count - 1].points += points
            case .strokeEnd, .fill, .undo, .clear:
                continue
            }
        }
        return strokes
    }
}

#if canImport(Glibc)
import Glibc
#endif
