/// A point on the 1600×1200 canvas of the contract.
public struct SketchPoint: Sendable, Equatable {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

/// One pen stroke: what a person draws between pressing and lifting the pen.
public struct SketchStroke: Sendable, Equatable {
    /// `#rrggbb`.
    public var color: String
    public var width: Int
    public var points: [SketchPoint]

    public init(color: String, width: Int, points: [SketchPoint]) {
        self.color = color
        self.width = width
        self.points = points
    }
}

/// A whole drawing as a list of strokes, in drawing order.
public struct Sketch: Sendable, Equatable {
    public var strokes: [SketchStroke]

    public init(strokes: [SketchStroke]) {
        self.strokes = strokes
    }

    public var pointCount: Int { strokes.reduce(0) { $0 + $1.points.count } }

    /// The canvas of the contract; points outside it are `invalid_stroke`.
    public static let canvasWidth = 1600
    public static let canvasHeight = 1200

    /// The same sketch with every point nudged by up to `amount` pixels, as a hand would, and
    /// kept on the canvas.
    public func wobbled(by amount: Int, using random: inout some RandomNumberGenerator) -> Sketch {
        guard amount > 0 else { return self }
        return Sketch(
            strokes: strokes.map { stroke in
                var stroke = stroke
                stroke.points = stroke.points.map { point in
                    SketchPoint(
                        x: min(max(point.x + Int.random(in: -amount...amount, using: &random), 0), Self.canvasWidth - 1),
                        y: min(max(point.y + Int.random(in: -amount...amount, using: &random), 0), Self.canvasHeight - 1))
                }
                return stroke
            })
    }
}
