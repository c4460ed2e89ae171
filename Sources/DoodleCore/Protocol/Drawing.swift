/// The start of a stroke. `points` is flat: `[x0, y0, x1, y1, …]`.
public struct StrokeBegin: Sendable, Equatable {
    public var strokeId: Int
    public var tool: DrawingTool
    /// Lowercase `#rrggbb`; absent for the eraser, whose colour is the background.
    public var color: String?
    public var width: Int
    public var points: PointList

    public init(strokeId: Int, tool: DrawingTool, color: String?, width: Int, points: PointList) {
        self.strokeId = strokeId
        self.tool = tool
        self.color = color
        self.width = width
        self.points = points
    }
}

public struct FillAction: Sendable, Equatable {
    public var x: Int
    public var y: Int
    public var color: String

    public init(x: Int, y: Int, color: String) {
        self.x = x
        self.y = y
        self.color = color
    }
}

/// One drawing message, as a client sends it and as the room relays and records it.
public enum DrawingAction: Sendable, Equatable {
    case strokeBegin(StrokeBegin)
    case strokePoints(strokeId: Int, points: PointList)
    case strokeEnd(strokeId: Int)
    case fill(FillAction)
    case undo
    case clear

    public var typeName: String {
        switch self {
        case .strokeBegin: "strokeBegin"
        case .strokePoints: "strokePoints"
        case .strokeEnd: "strokeEnd"
        case .fill: "fill"
        case .undo: "undo"
        case .clear: "clear"
        }
    }

    static func decode(type: String, from c: JSONDecodingContainer) throws -> DrawingAction? {
        switch type {
        case "strokeBegin":
            let tool: DrawingTool = try c.required("tool")
            return .strokeBegin(
                StrokeBegin(
                    strokeId: try c.required("strokeId"), tool: tool,
                    color: tool == .eraser ? nil : try c.required("color"),
                    width: try c.required("width"), points: try c.required("points")))
        case "strokePoints":
            return .strokePoints(strokeId: try c.required("strokeId"), points: try c.required("points"))
        case "strokeEnd":
            return .strokeEnd(strokeId: try c.required("strokeId"))
        case "fill":
            return .fill(FillAction(x: try c.required("x"), y: try c.required("y"), color: try c.required("color")))
        case "undo":
            return .undo
        case "clear":
            return .clear
        default:
            return nil
        }
    }

    func encodeFields(into c: inout JSONEncodingContainer) throws {
        switch self {
        case .strokeBegin(let begin):
            try c.put(begin.strokeId, "strokeId")
            try c.put(begin.tool, "tool")
            try c.putIfPresent(begin.color, "color")
            try c.put(begin.width, "width")
            try c.put(begin.points, "points")
        case .strokePoints(let strokeId, let points):
            try c.put(strokeId, "strokeId")
            try c.put(points, "points")
        case .strokeEnd(let strokeId):
            try c.put(strokeId, "strokeId")
        case .fill(let fill):
            try c.put(fill.x, "x")
            try c.put(fill.y, "y")
            try c.put(fill.color, "color")
        case .undo, .clear:
            break
        }
    }
}

/// A drawing action alone, in the shape of the drawing message that carries it (`type` and its
/// fields, without `seq` and `playerId`): how a stored drawing's record reads over HTTP.
extension DrawingAction: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        let type: String = try c.required("type")
        guard let action = try Self.decode(type: type, from: c) else {
            throw DecodingError.dataCorruptedError(forKey: "type", in: c, debugDescription: "not a drawing action: '\(type)'")
        }
        self = action
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        try c.put(typeName, "type")
        try encodeFields(into: &c)
    }
}

/// One visible item of the canvas, as a `roomState` snapshot lists it.
public enum CanvasItem: Sendable, Equatable {
    case stroke(StrokeBegin)
    case fill(FillAction)
}

extension CanvasItem: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        let kind: String = try c.required("kind")
        switch kind {
        case "stroke":
            guard case .strokeBegin(let stroke)? = try DrawingAction.decode(type: "strokeBegin", from: c) else {
                throw DecodingError.dataCorruptedError(forKey: "kind", in: c, debugDescription: "bad stroke")
            }
            self = .stroke(stroke)
        case "fill":
            self = .fill(FillAction(x: try c.required("x"), y: try c.required("y"), color: try c.required("color")))
        default:
            throw DecodingError.dataCorruptedError(forKey: "kind", in: c, debugDescription: "unknown kind \(kind)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        switch self {
        case .stroke(let stroke):
            try c.put("stroke", "kind")
            try DrawingAction.strokeBegin(stroke).encodeFields(into: &c)
        case .fill(let fill):
            try c.put("fill", "kind")
            try DrawingAction.fill(fill).encodeFields(into: &c)
        }
    }
}
