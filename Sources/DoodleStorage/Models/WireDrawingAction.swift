import DoodleCore

/// A recorded drawing action in the JSON shape of the drawing message that carried it
/// (PROTOCOL.md "Drawing"), without `seq` and `playerId`.
struct WireDrawingAction: Encodable {
    let action: DrawingAction

    enum CodingKeys: String, CodingKey {
        case type, strokeId, tool, color, width, points, x, y
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(action.typeName, forKey: .type)
        switch action {
        case .strokeBegin(let begin):
            try container.encode(begin.strokeId, forKey: .strokeId)
            try container.encode(begin.tool, forKey: .tool)
            try container.encodeIfPresent(begin.color, forKey: .color)
            try container.encode(begin.width, forKey: .width)
            try container.encode(begin.points, forKey: .points)
        case .strokePoints(let strokeId, let points):
            try container.encode(strokeId, forKey: .strokeId)
            try container.encode(points, forKey: .points)
        case .strokeEnd(let strokeId):
            try container.encode(strokeId, forKey: .strokeId)
        case .fill(let fill):
            try container.encode(fill.x, forKey: .x)
            try container.encode(fill.y, forKey: .y)
            try container.encode(fill.color, forKey: .color)
        case .undo, .clear:
            break
        }
    }
}
