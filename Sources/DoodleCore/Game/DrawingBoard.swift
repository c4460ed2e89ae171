/// One turn's canvas: checks each drawing message against the contract's limits, keeps the
/// visible items (for snapshots) and the full record in arrival order (for storage and replay).
public struct DrawingBoard: Sendable, Equatable {
    public private(set) var visible: [CanvasItem] = []
    public private(set) var record: [DrawingAction] = []
    private var openStrokeIndex: Int?
    private var lastStrokeId: Int?
    private var itemCount = 0
    private var pointCount = 0
    let limits: LimitRules

    public init(limits: LimitRules) {
        self.limits = limits
    }

    public var isEmpty: Bool { record.isEmpty }

    /// Applies a drawing message. Returns the action to relay (colour lowercased), nil when the
    /// message is accepted but changes nothing (`undo` on an empty canvas), or the error.
    public mutating func apply(_ action: DrawingAction) -> Result<DrawingAction?, ProtocolError> {
        switch action {
        case .strokeBegin(var begin):
            if let last = lastStrokeId, begin.strokeId <= last {
                return .failure(invalid("strokeId must increase within a drawing (last was \(last))"))
            }
            if let error = checkWidth(begin.width) ?? checkPoints(begin.points) { return .failure(error) }
            if begin.tool == .pen {
                guard let color = Self.normalizedColor(begin.color) else { return .failure(invalid("color must be #rrggbb")) }
                begin.color = color
            } else {
                begin.color = nil
            }
            if let error = checkCapacity(addingItems: 1, points: begin.points.count / 2) { return .failure(error) }
            itemCount += 1
            pointCount += begin.points.count / 2
            lastStrokeId = begin.strokeId
            visible.append(.stroke(begin))
            openStrokeIndex = visible.count - 1
            return accepted(.strokeBegin(begin))
        case .strokePoints(let strokeId, let points):
            guard let index = openStrokeIndex, case .stroke(var stroke) = visible[index], stroke.strokeId == strokeId else {
                return .failure(invalid("strokeId \(strokeId) is not the open stroke"))
            }
            if let error = checkPoints(points) ?? checkCapacity(addingItems: 0, points: points.count / 2) { return .failure(error) }
            pointCount += points.count / 2
            stroke.points.append(contentsOf: points)
            visible[index] = .stroke(stroke)
            return accepted(action)
        case .strokeEnd(let strokeId):
            guard let index = openStrokeIndex, case .stroke(let stroke) = visible[index], stroke.strokeId == strokeId else {
                return .failure(invalid("strokeId \(strokeId) is not the open stroke"))
            }
            openStrokeIndex = nil
            return accepted(action)
        case .fill(var fill):
            guard (0..<limits.canvasWidth).contains(fill.x), (0..<limits.canvasHeight).contains(fill.y) else {
                return .failure(invalid("fill point must lie on the \(limits.canvasWidth)×\(limits.canvasHeight) canvas"))
            }
            guard let color = Self.normalizedColor(fill.color) else { return .failure(invalid("color must be #rrggbb")) }
            fill.color = color
            if let error = checkCapacity(addingItems: 1, points: 0) { return .failure(error) }
            itemCount += 1
            openStrokeIndex = nil
            visible.append(.fill(fill))
            return accepted(.fill(fill))
        case .undo:
            guard !visible.isEmpty else { return .success(nil) }
            visible.removeLast()
            openStrokeIndex = nil
            return accepted(action)
        case .clear:
            visible.removeAll()
            openStrokeIndex = nil
            return accepted(action)
        }
    }

    private mutating func accepted(_ action: DrawingAction) -> Result<DrawingAction?, ProtocolError> {
        record.append(action)
        return .success(action)
    }

    private func invalid(_ message: String) -> ProtocolError {
        ProtocolError(.invalidStroke, message)
    }

    private func checkWidth(_ width: Int) -> ProtocolError? {
        (limits.minStrokeWidth...limits.maxStrokeWidth).contains(width)
            ? nil : invalid("width must be \(limits.minStrokeWidth)–\(limits.maxStrokeWidth)")
    }

    private func checkPoints(_ points: [Int]) -> ProtocolError? {
        let maxNumbers = limits.maxPointsPerMessage * 2
        guard points.count >= 2, points.count <= maxNumbers, points.count % 2 == 0 else {
            return invalid("points must hold an even count of 2–\(maxNumbers) numbers")
        }
        var index = 0
        while index < points.count {
            guard (0..<limits.canvasWidth).contains(points[index]), (0..<limits.canvasHeight).contains(points[index + 1]) else {
                return invalid("point (\(points[index]), \(points[index + 1])) is off the \(limits.canvasWidth)×\(limits.canvasHeight) canvas")
            }
            index += 2
        }
        return nil
    }

    private func checkCapacity(addingItems: Int, points: Int) -> ProtocolError? {
        if itemCount + addingItems > limits.maxItemsPerDrawing {
            return invalid("a drawing holds at most \(limits.maxItemsPerDrawing) items")
        }
        if pointCount + points > limits.maxPointsPerDrawing {
            return invalid("a drawing holds at most \(limits.maxPointsPerDrawing) points")
        }
        return nil
    }

    /// `#rrggbb` in any case → lowercase; anything else → nil.
    static func normalizedColor(_ color: String?) -> String? {
        color.flatMap(RGBColor.init(hex:))?.hex
    }
}
