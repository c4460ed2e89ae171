import DoodleCore

/// What every drawer sends, message by message, and how a receiver tells which message it got.
///
/// A drawer's messages are numbered 0, 1, 2, … (the *ordinal*). Strokes are `strokeLength`
/// messages long: a `strokeBegin` carrying points, `strokeLength - 2` `strokePoints`, and a
/// `strokeEnd`. The ordinal can be read back from the relayed message itself — the stroke id,
/// and the first point, whose x is the batch index within the stroke — so a receiver checks
/// identity and order from the content, with no timestamp added to the protocol.
public struct StrokePlan: Sendable, Equatable {
    /// Drawing messages per second, per drawer (the contract allows 120).
    public var messagesPerSecond: Int
    /// Points per message that carries points (the contract allows 1–256).
    public var pointsPerBatch: Int
    /// Messages per stroke, at least 3.
    public var strokeLength: Int

    public init(messagesPerSecond: Int = 20, pointsPerBatch: Int = 8, strokeLength: Int = 20) {
        self.messagesPerSecond = messagesPerSecond
        self.pointsPerBatch = pointsPerBatch
        self.strokeLength = strokeLength
    }

    /// Why this plan breaks a contract limit over `seconds` of drawing, or nil if it does not.
    public func violation(forSeconds seconds: Double, limits: DrawingLimits = .contract) -> String? {
        if messagesPerSecond < 1 || messagesPerSecond > limits.messagesPerSecond {
            return "the drawing rate must be 1–\(limits.messagesPerSecond) messages/s"
        }
        if pointsPerBatch < 1 || pointsPerBatch > limits.pointsPerMessage {
            return "points per batch must be 1–\(limits.pointsPerMessage)"
        }
        if strokeLength < 3 { return "a stroke needs at least 3 messages" }
        let messages = Int((Double(messagesPerSecond) * seconds).rounded(.up))
        let strokes = (messages + strokeLength - 1) / strokeLength
        if strokes > limits.itemsPerDrawing {
            return "\(strokes) strokes in \(Int(seconds)) s exceed the \(limits.itemsPerDrawing) items of a drawing"
        }
        let points = strokes * (strokeLength - 1) * pointsPerBatch
        if points > limits.pointsPerDrawing {
            return "\(points) points in \(Int(seconds)) s exceed the \(limits.pointsPerDrawing) points of a drawing"
        }
        return nil
    }

    /// The message with `ordinal`.
    public func action(ordinal: Int) -> DrawingAction {
        let strokeId = ordinal / strokeLength + 1
        let batch = ordinal % strokeLength
        if batch == strokeLength - 1 { return .strokeEnd(strokeId: strokeId) }
        let points = points(strokeId: strokeId, batch: batch)
        if batch == 0 {
            return .strokeBegin(StrokeBegin(strokeId: strokeId, tool: .pen, color: "#1a2b3c", width: 4, points: points))
        }
        return .strokePoints(strokeId: strokeId, points: points)
    }

    /// The ordinal of a relayed message, read from its content; nil if it is not one of ours.
    public func ordinal(of action: DrawingAction) -> Int? {
        switch action {
        case .strokeBegin(let begin):
            return ordinal(strokeId: begin.strokeId, points: begin.points, expectBatchZero: true)
        case .strokePoints(let strokeId, let points):
            return ordinal(strokeId: strokeId, points: points, expectBatchZero: false)
        case .strokeEnd(let strokeId):
            guard strokeId >= 1 else { return nil }
            return (strokeId - 1) * strokeLength + strokeLength - 1
        case .fill, .undo, .clear:
            return nil
        }
    }

    /// The same as ``ordinal(of:)``, from a frame's scanned text (no decoded action).
    func ordinal(of scan: DrawingFrameScan) -> Int? {
        switch scan.kind {
        case .strokeEnd:
            return ordinal(of: .strokeEnd(strokeId: scan.strokeId))
        case .strokeBegin, .strokePoints:
            guard let head = scan.head else { return nil }
            return ordinal(strokeId: scan.strokeId, head: head, count: scan.pointCount, expectBatchZero: scan.kind == .strokeBegin)
        }
    }

    private func ordinal(strokeId: Int, points: PointList, expectBatchZero: Bool) -> Int? {
        guard points.count >= 2 else { return nil }
        return ordinal(strokeId: strokeId, head: (points[0], points[1]), count: points.count, expectBatchZero: expectBatchZero)
    }

    private func ordinal(strokeId: Int, head: (Int, Int), count: Int, expectBatchZero: Bool) -> Int? {
        guard strokeId >= 1, count == pointsPerBatch * 2 else { return nil }
        let batch = head.0
        guard head.1 == strokeId % 1200, batch < strokeLength - 1, (batch == 0) == expectBatchZero else { return nil }
        return (strokeId - 1) * strokeLength + batch
    }

    /// Points inside the canvas; the first encodes (batch, strokeId mod 1200).
    private func points(strokeId: Int, batch: Int) -> PointList {
        var flat = PointList()
        flat.reserveCapacity(pointsPerBatch * 2)
        flat.append(batch)
        flat.append(strokeId % 1200)
        for index in 1..<max(pointsPerBatch, 1) {
            flat.append((batch * 37 + index * 11) % 1600)
            flat.append((strokeId * 13 + index * 7) % 1200)
        }
        return flat
    }
}

/// The contract's drawing limits (PROTOCOL.md, "Drawing" and "Rate limits").
public struct DrawingLimits: Sendable, Equatable {
    public var messagesPerSecond: Int
    public var pointsPerMessage: Int
    public var itemsPerDrawing: Int
    public var pointsPerDrawing: Int

    public static let contract = DrawingLimits(messagesPerSecond: 120, pointsPerMessage: 256, itemsPerDrawing: 2000, pointsPerDrawing: 100_000)
}
