import DoodleCore

/// Stroke records that look hand-drawn, the same for the same seed: what the storage tests save
/// and the picture tests render.
public enum RealisticDrawing {
    /// A hand-drawn-looking record: each stroke begins with 8 points, continues in messages of
    /// 8 points, and ends; points wander a few pixels at a time, as a pointer does.
    public static func actions(strokes: Int, pointsPerStroke: Int, seed: UInt64) -> [DrawingAction] {
        var random = SeededRandom(seed: seed)
        var actions: [DrawingAction] = []
        let colors = ["#1a2b3c", "#ff0000", "#00aa00", "#0000ff", "#000000"]
        for strokeId in 1...strokes {
            var x = Int.random(in: 100..<1500, using: &random)
            var y = Int.random(in: 100..<1100, using: &random)
            var points: [Int] = []
            var sent = 0
            for _ in 0..<pointsPerStroke {
                x = min(max(x + Int.random(in: -12..<13, using: &random), 0), 1599)
                y = min(max(y + Int.random(in: -12..<13, using: &random), 0), 1199)
                points += [x, y]
                if points.count == 16 {
                    if sent == 0 {
                        let eraser = Int.random(in: 0..<10, using: &random) == 0
                        actions.append(
                            .strokeBegin(
                                StrokeBegin(
                                    strokeId: strokeId, tool: eraser ? .eraser : .pen,
                                    color: eraser ? nil : colors[Int.random(in: 0..<colors.count, using: &random)], width: Int.random(in: 2..<20, using: &random),
                                    points: PointList(points))))
                    } else {
                        actions.append(.strokePoints(strokeId: strokeId, points: PointList(points)))
                    }
                    sent += 1
                    points = []
                }
            }
            if !points.isEmpty {
                if sent == 0 {
                    actions.append(.strokeBegin(StrokeBegin(strokeId: strokeId, tool: .pen, color: "#123456", width: 6, points: PointList(points))))
                } else {
                    actions.append(.strokePoints(strokeId: strokeId, points: PointList(points)))
                }
            }
            actions.append(.strokeEnd(strokeId: strokeId))
        }
        return actions
    }
}
