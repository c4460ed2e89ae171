import DoodleCore

/// What every drawer sends, message by message, and how a receiver tells which message it got.
///
/// A drawer's messages are numbered 0, 1, 2, … (the *ordinal*). Each stroke is a
/// `strokeBegin` carrying points, `strokePoints`, and a `strokeEnd`, in the sizes of its
/// ``StrokeShape``. The ordinal can be read back from the relayed message itself — the stroke
/// id, and the first point, whose x is the message's index within the stroke — so a receiver
/// checks identity and order from the content, with no timestamp added to the protocol.
public struct StrokePlan: Sendable, Equatable {
    /// Drawing messages per second, per drawer (the contract allows 120).
    public var messagesPerSecond: Int
    public var shape: StrokeShape

    /// Strokes of `strokeLength` messages (at least 3), each point-carrying one with `pointsPerBatch` points.
    public init(messagesPerSecond: Int = 20, pointsPerBatch: Int = 8, strokeLength: Int = 20) {
        self.init(messagesPerSecond: messagesPerSecond, shape: .uniform(pointsPerBatch: pointsPerBatch, strokeLength: strokeLength))
        uniformViolation =
            if pointsPerBatch < 1 { "points per batch must be 1–\(DrawingLimits.contract.pointsPerMessage)" }
            else if strokeLength < 3 { "a stroke needs at least 3 messages" }
            // A message's index within its stroke is its first point's x, on a canvas 1600 wide.
            else if strokeLength > 1_600 { "a stroke has at most 1600 messages here" }
            else { nil }
    }

    public init(messagesPerSecond: Int, shape: StrokeShape) {
        self.messagesPerSecond = messagesPerSecond
        self.shape = shape
    }

    /// Real drawings' sizes (``StrokeShape/sketched``) at `messagesPerSecond`.
    public static func sketched(messagesPerSecond: Int = 20) -> StrokePlan {
        StrokePlan(messagesPerSecond: messagesPerSecond, shape: .sketched)
    }

    /// What the uniform initialiser was given that no shape can hold.
    private var uniformViolation: String?

    /// Why this plan breaks a contract limit over `seconds` of drawing, or nil if it does not.
    public func violation(forSeconds seconds: Double, limits: DrawingLimits = .contract) -> String? {
        if messagesPerSecond < 1 || messagesPerSecond > limits.messagesPerSecond {
            return "the drawing rate must be 1–\(limits.messagesPerSecond) messages/s"
        }
        if let uniformViolation { return uniformViolation }
        if shape.batches.contains(where: { $0.contains { $0 > limits.pointsPerMessage } }) {
            return "points per batch must be 1–\(limits.pointsPerMessage)"
        }
        let messages = Int((Double(messagesPerSecond) * seconds).rounded(.up))
        guard messages > 0 else { return nil }
        let last = shape.position(ofOrdinal: messages - 1)
        if last.strokeId > limits.itemsPerDrawing {
            return "\(last.strokeId) strokes in \(Int(seconds)) s exceed the \(limits.itemsPerDrawing) items of a drawing"
        }
        let points = Int((Double(messages) * shape.meanPointsPerMessage).rounded(.up))
        if points > limits.pointsPerDrawing {
            return "\(points) points in \(Int(seconds)) s exceed the \(limits.pointsPerDrawing) points of a drawing"
        }
        return nil
    }

    /// The message with `ordinal`.
    public func action(ordinal: Int) -> DrawingAction {
        let position = shape.position(ofOrdinal: ordinal)
        guard let count = position.points else { return .strokeEnd(strokeId: position.strokeId) }
        let points = points(strokeId: position.strokeId, batch: position.batch, count: count)
        if position.batch == 0 {
            return .strokeBegin(StrokeBegin(strokeId: position.strokeId, tool: .pen, color: Self.color, width: Self.width, points: points))
        }
        return .strokePoints(strokeId: position.strokeId, points: points)
    }

    /// Every stroke's pen.
    static let color = "#1a2b3c"
    static let width = 4

    /// Message `ordinal` as the text of a `draw` message, written by hand: exactly what
    /// `DoodleConnection.encode(.draw(action(ordinal:)))` writes (sorted keys), at a fraction
    /// of `JSONEncoder`'s cost, which was the lean generator's largest own cost per stroke.
    public func wireText(ordinal: Int) -> String {
        let position = shape.position(ofOrdinal: ordinal)
        guard let count = position.points else { return "{\"strokeId\":\(position.strokeId),\"type\":\"strokeEnd\"}" }
        let flat = points(strokeId: position.strokeId, batch: position.batch, count: count)
        var text = position.batch == 0 ? "{\"color\":\"\(Self.color)\",\"points\":[" : "{\"points\":["
        text.reserveCapacity(96 + count * 10)
        for (index, value) in flat.enumerated() {
            if index > 0 { text += "," }
            text += String(value)
        }
        if position.batch == 0 {
            text += "],\"strokeId\":\(position.strokeId),\"tool\":\"pen\",\"type\":\"strokeBegin\",\"width\":\(Self.width)}"
        } else {
            text += "],\"strokeId\":\(position.strokeId),\"type\":\"strokePoints\"}"
        }
        return text
    }

    /// True if message `ordinal` is a `strokeBegin`.
    public func beginsStroke(ordinal: Int) -> Bool {
        shape.position(ofOrdinal: ordinal).batch == 0
    }

    /// The ordinal of the first message of stroke `strokeId` (from 1).
    public func firstOrdinal(ofStroke strokeId: Int) -> Int {
        shape.stroke(id: strokeId)?.firstOrdinal ?? 0
    }

    /// The ordinal of a relayed message, read from its content; nil if it is not one of ours.
    public func ordinal(of action: DrawingAction) -> Int? {
        switch action {
        case .strokeBegin(let begin):
            return ordinal(strokeId: begin.strokeId, points: begin.points, expectBatchZero: true)
        case .strokePoints(let strokeId, let points):
            return ordinal(strokeId: strokeId, points: points, expectBatchZero: false)
        case .strokeEnd(let strokeId):
            guard let stroke = shape.stroke(id: strokeId) else { return nil }
            return stroke.firstOrdinal + shape.batches[stroke.index].count
        case .fill, .undo, .clear:
            return nil
        }
    }

    /// The same as ``ordinal(of:)``, from a frame's scanned text (no decoded action).
    func ordinal(of scan: StreamFrameScan) -> Int? {
        switch scan.kind {
        case .chat:
            return nil
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
        guard let stroke = shape.stroke(id: strokeId) else { return nil }
        let batch = head.0
        let sizes = shape.batches[stroke.index]
        guard head.1 == strokeId % 1200, batch >= 0, batch < sizes.count, (batch == 0) == expectBatchZero, count == sizes[batch] * 2 else {
            return nil
        }
        return stroke.firstOrdinal + batch
    }

    /// `count` points inside the canvas; the first encodes (batch, strokeId mod 1200).
    private func points(strokeId: Int, batch: Int, count: Int) -> PointList {
        var flat = PointList()
        flat.reserveCapacity(count * 2)
        flat.append(batch)
        flat.append(strokeId % 1200)
        for index in 1..<max(count, 1) {
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
