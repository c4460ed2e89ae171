/// One turn's canvas: checks each drawing message against the contract's limits, keeps the
/// visible items (for snapshots) and the full record in arrival order (for storage and replay),
/// both in one compact `DrawingStore`.
public struct DrawingBoard: Sendable, Equatable {
    /// What the canvas shows, oldest first: strokes and fills of the store.
    private enum Item: Sendable, Equatable {
        case stroke(Int32)
        case fill(Int32)
    }

    private var store: DrawingStore
    private var items: [Item] = []
    private var openStrokeIndex: Int?
    /// The highest `strokeId` begun in this drawing, undone strokes included: the next must be higher.
    public private(set) var lastStrokeId: Int?
    private var itemCount = 0
    private var pointCount = 0
    let limits: LimitRules

    public init(limits: LimitRules) {
        self.limits = limits
        self.store = DrawingStore(maxPoints: limits.maxPointsPerDrawing)
    }

    public var isEmpty: Bool { store.isEmpty }

    /// The visible strokes and fills, oldest first, as a `roomState` lists them.
    public var visible: [CanvasItem] {
        items.map { item in
            switch item {
            case .stroke(let index): .stroke(store.stroke(Int(index)))
            case .fill(let index): .fill(store.fill(Int(index)))
            }
        }
    }

    /// Every accepted action in arrival order, undone and cleared ones included.
    public var record: [DrawingAction] { store.actions }

    /// How many actions `record` holds.
    public var recordCount: Int { store.actionCount }

    /// `record` from its `first` action on.
    public func record(from first: Int) -> [DrawingAction] { store.actions(from: first) }

    /// The board a record leaves: each action applied again, in order, under today's limits.
    /// Nil when one is refused (a record from elsewhere, or limits that shrank since).
    public init?(limits: LimitRules, replaying record: [DrawingAction]) {
        self.init(limits: limits)
        for action in record {
            guard case .success = apply(action) else { return nil }
        }
    }

    /// Bytes the drawing holds, reserved but unused ones included.
    public var heldBytes: Int {
        store.heldBytes + items.capacity * MemoryLayout<Item>.stride
    }

    /// Applies a drawing message. Returns the action to relay (colour lowercased), nil when the
    /// message is accepted but changes nothing (`undo` on an empty canvas), or the error.
    public mutating func apply(_ action: DrawingAction) -> Result<DrawingAction?, ProtocolError> {
        switch action {
        case .strokeBegin(var begin):
            if let last = lastStrokeId, begin.strokeId <= last {
                return .failure(invalid("strokeId must increase within a drawing (last was \(last))"))
            }
            if let error = checkWidth(begin.width) ?? checkPoints(begin.points) { return .failure(error) }
            var color: RGBColor?
            if begin.tool == .pen {
                guard let parsed = begin.color.flatMap(RGBColor.init(hex:)) else { return .failure(invalid("color must be #rrggbb")) }
                color = parsed
                begin.color = parsed.hex
            } else {
                begin.color = nil
            }
            if let error = checkCapacity(addingItems: 1, points: begin.points.count / 2) { return .failure(error) }
            itemCount += 1
            pointCount += begin.points.count / 2
            lastStrokeId = begin.strokeId
            let index = store.begin(strokeId: begin.strokeId, tool: begin.tool, color: color, width: begin.width, points: begin.points)
            items.append(.stroke(Int32(index)))
            openStrokeIndex = items.count - 1
            return .success(.strokeBegin(begin))
        case .strokePoints(let strokeId, let points):
            guard isOpenStroke(strokeId) else { return .failure(invalid("strokeId \(strokeId) is not the open stroke")) }
            if let error = checkPoints(points) ?? checkCapacity(addingItems: 0, points: points.count / 2) { return .failure(error) }
            pointCount += points.count / 2
            store.extendLastStroke(with: points)
            return .success(action)
        case .strokeEnd(let strokeId):
            guard isOpenStroke(strokeId) else { return .failure(invalid("strokeId \(strokeId) is not the open stroke")) }
            openStrokeIndex = nil
            store.record(.strokeEnd)
            return .success(action)
        case .fill(var fill):
            guard (0..<limits.canvasWidth).contains(fill.x), (0..<limits.canvasHeight).contains(fill.y) else {
                return .failure(invalid("fill point must lie on the \(limits.canvasWidth)×\(limits.canvasHeight) canvas"))
            }
            guard let color = RGBColor(hex: fill.color) else { return .failure(invalid("color must be #rrggbb")) }
            fill.color = color.hex
            if let error = checkCapacity(addingItems: 1, points: 0) { return .failure(error) }
            itemCount += 1
            openStrokeIndex = nil
            items.append(.fill(Int32(store.fill(x: fill.x, y: fill.y, color: color))))
            return .success(.fill(fill))
        case .undo:
            guard !items.isEmpty else { return .success(nil) }
            items.removeLast()
            openStrokeIndex = nil
            store.record(.undo)
            return .success(action)
        case .clear:
            // Like undo: nothing to clear records nothing, so a client repeating `clear` cannot
            // grow a drawing's record past the items it ever held (`maxItemsPerDrawing`).
            guard !items.isEmpty else { return .success(nil) }
            items.removeAll()
            openStrokeIndex = nil
            store.record(.clear)
            return .success(action)
        }
    }

    /// True when `strokeId` is the stroke still open: the store's last stroke, still visible.
    private func isOpenStroke(_ strokeId: Int) -> Bool {
        guard let index = openStrokeIndex, case .stroke(let stroke) = items[index] else { return false }
        return store.strokes[Int(stroke)].strokeId == strokeId
    }

    private func invalid(_ message: String) -> ProtocolError {
        ProtocolError(.invalidStroke, message)
    }

    private func checkWidth(_ width: Int) -> ProtocolError? {
        (limits.minStrokeWidth...limits.maxStrokeWidth).contains(width)
            ? nil : invalid("width must be \(limits.minStrokeWidth)–\(limits.maxStrokeWidth)")
    }

    private func checkPoints(_ points: PointList) -> ProtocolError? {
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
}
