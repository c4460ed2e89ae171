import DoodleCore

/// How much a stroke record holds, as the `item_count` and `point_count` columns store it:
/// strokes plus fills, and points, undone and cleared ones included.
struct RecordSize: Equatable {
    var items = 0
    var points = 0

    init(of actions: [DrawingAction]) {
        var numbers = 0
        for action in actions {
            switch action {
            case .strokeBegin(let begin):
                items += 1
                numbers += begin.points.count
            case .strokePoints(_, let values): numbers += values.count
            case .fill: items += 1
            case .strokeEnd, .undo, .clear: break
            }
        }
        points = numbers / 2
    }
}
