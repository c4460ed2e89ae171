/// Replays a stroke record to the canvas it leaves: the visible strokes and fills, in drawing
/// order, after every undo and clear. Follows DrawingBoard's rules (points join the open stroke
/// with the same id; undo removes the last visible item; clear removes all), without its checks,
/// since the record holds only actions the board accepted.
public enum CanvasReplay {
    public static func visibleItems(after actions: [DrawingAction]) -> [CanvasItem] {
        var items: [CanvasItem] = []
        var openStroke: Int?
        for action in actions {
            switch action {
            case .strokeBegin(let begin):
                items.append(.stroke(begin))
                openStroke = items.count - 1
            case .strokePoints(let strokeId, let points):
                guard let index = openStroke, case .stroke(var stroke) = items[index], stroke.strokeId == strokeId else { continue }
                stroke.points.append(contentsOf: points)
                items[index] = .stroke(stroke)
            case .strokeEnd:
                openStroke = nil
            case .fill(let fill):
                items.append(.fill(fill))
                openStroke = nil
            case .undo:
                if !items.isEmpty { items.removeLast() }
                openStroke = nil
            case .clear:
                items.removeAll()
                openStroke = nil
            }
        }
        return items
    }
}
