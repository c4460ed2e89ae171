import DoodleCore

/// The drawing messages that put exactly `points` points on a canvas: strokes of
/// `messagesPerStroke` messages (a `strokeBegin`, `strokePoints` batches, a `strokeEnd`), each
/// carrying `pointsPerMessage` points but the last, spread over the whole canvas so that the
/// numbers have the digits a real drawing's have.
struct CanvasPlan: Sendable {
    let points: Int
    let pointsPerMessage: Int
    let messagesPerStroke: Int

    /// Batches of points one stroke carries: every message but its `strokeEnd`.
    var batchesPerStroke: Int { messagesPerStroke - 1 }

    /// Strokes needed, the last one possibly short.
    var strokes: Int {
        let perStroke = pointsPerMessage * batchesPerStroke
        return (points + perStroke - 1) / perStroke
    }

    func actions() -> [DrawingAction] {
        var actions: [DrawingAction] = []
        var drawn = 0
        var stroke = 0
        while drawn < points {
            stroke += 1
            for batch in 0..<batchesPerStroke where drawn < points {
                let count = min(pointsPerMessage, points - drawn)
                var numbers = PointList()
                numbers.reserveCapacity(count * 2)
                for index in drawn..<(drawn + count) {
                    numbers.append((index * 37 + stroke * 101) % 1600)
                    numbers.append((index * 53 + stroke * 7) % 1200)
                }
                drawn += count
                if batch == 0 {
                    actions.append(.strokeBegin(StrokeBegin(strokeId: stroke, tool: .pen, color: "#2e86c1", width: 3, points: numbers)))
                } else {
                    actions.append(.strokePoints(strokeId: stroke, points: numbers))
                }
            }
            actions.append(.strokeEnd(strokeId: stroke))
        }
        return actions
    }
}
