import DoodleCore

/// One drawing message and when, counted from the start of the drawing, it is due.
public struct TimedDrawingMessage: Sendable, Equatable {
    public var at: Duration
    public var action: DrawingAction

    public init(at: Duration, action: DrawingAction) {
        self.at = at
        self.action = action
    }
}

/// How a drawer's hand moves and how its client batches points.
public struct StrokePacing: Sendable, Equatable {
    /// Time between two sampled points while the pen moves (a browser samples at ~60 Hz).
    public var pointInterval: Duration
    /// How often the client flushes the points gathered so far into one message.
    public var batchInterval: Duration
    /// The pen is lifted this long between strokes.
    public var penUpInterval: Duration
    /// Smallest time between two drawing messages. Not scaled by speed: it keeps the bot under
    /// the server's limit of 120 drawing messages per second, with room for network jitter.
    public var minimumMessageGap: Duration
    /// Most points in one message (the contract allows 256).
    public var maxPointsPerMessage: Int

    public init(pointInterval: Duration, batchInterval: Duration, penUpInterval: Duration, minimumMessageGap: Duration, maxPointsPerMessage: Int) {
        self.pointInterval = pointInterval
        self.batchInterval = batchInterval
        self.penUpInterval = penUpInterval
        self.minimumMessageGap = minimumMessageGap
        self.maxPointsPerMessage = maxPointsPerMessage
    }

    /// A person's pace divided by `speed`: a point every 16 ms, a batch every 48 ms, 250 ms
    /// between strokes; never more than 100 drawing messages per second.
    public static func human(speed: Double) -> StrokePacing {
        StrokePacing(
            pointInterval: .milliseconds(16) / speed, batchInterval: .milliseconds(48) / speed,
            penUpInterval: .milliseconds(250) / speed, minimumMessageGap: .milliseconds(10), maxPointsPerMessage: 256)
    }
}

/// Turns a sketch into the timed `strokeBegin` / `strokePoints` / `strokeEnd` messages a real
/// client would send while drawing it.
public enum StrokePacer {
    /// - Parameters:
    ///   - firstStrokeId: the id of the first stroke; ids increase by one per stroke.
    ///   - start: when the first point is put down.
    public static func schedule(_ sketch: Sketch, pacing: StrokePacing, firstStrokeId: Int = 1, start: Duration = .zero) -> [TimedDrawingMessage] {
        var messages: [TimedDrawingMessage] = []
        var lastSent: Duration?
        var penDown = start

        /// A message goes out when its last point has been drawn, but never closer than the
        /// minimum gap to the one before.
        func emit(_ action: DrawingAction, naturalTime: Duration) {
            var time = naturalTime
            if let lastSent, time < lastSent + pacing.minimumMessageGap { time = lastSent + pacing.minimumMessageGap }
            messages.append(TimedDrawingMessage(at: time, action: action))
            lastSent = time
        }

        for (offset, stroke) in sketch.strokes.enumerated() where !stroke.points.isEmpty {
            let strokeId = firstStrokeId + offset
            var batch = PointList()
            var batchOpenedAt = penDown
            var begun = false
            var lastPointTime = penDown
            func flush() {
                guard !batch.isEmpty else { return }
                if begun {
                    emit(.strokePoints(strokeId: strokeId, points: batch), naturalTime: lastPointTime)
                } else {
                    emit(
                        .strokeBegin(StrokeBegin(strokeId: strokeId, tool: .pen, color: stroke.color, width: stroke.width, points: batch)),
                        naturalTime: lastPointTime)
                    begun = true
                }
                batch = PointList()
            }
            for (index, point) in stroke.points.enumerated() {
                let pointTime = penDown + pacing.pointInterval * index
                let batchFull = batch.count / 2 >= pacing.maxPointsPerMessage
                if !batch.isEmpty && (batchFull || pointTime - batchOpenedAt >= pacing.batchInterval) {
                    flush()
                }
                if batch.isEmpty { batchOpenedAt = pointTime }
                batch.append(point.x)
                batch.append(point.y)
                lastPointTime = pointTime
            }
            flush()
            emit(.strokeEnd(strokeId: strokeId), naturalTime: lastPointTime)
            penDown = max(lastPointTime, lastSent ?? lastPointTime) + pacing.penUpInterval
        }
        return messages
    }
}
