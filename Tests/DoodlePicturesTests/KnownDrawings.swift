import DoodleCore

/// Small drawings whose pictures are known, for the PNG and SVG renderers' tests.
enum KnownDrawings {
    static let red = "#e53935"
    static let blue = "#1e88e5"
    static let green = "#43a047"
    static let yellow = "#ffd84d"
    static let sky = "#85c1e9"
    static let black = "#000000"

    static func pen(_ id: Int, _ color: String, width: Int, _ points: PointList) -> [DrawingAction] {
        [.strokeBegin(StrokeBegin(strokeId: id, tool: .pen, color: color, width: width, points: points)), .strokeEnd(strokeId: id)]
    }

    static func eraser(_ id: Int, width: Int, _ points: PointList) -> [DrawingAction] {
        [.strokeBegin(StrokeBegin(strokeId: id, tool: .eraser, color: nil, width: width, points: points)), .strokeEnd(strokeId: id)]
    }

    static func fill(_ x: Int, _ y: Int, _ color: String) -> DrawingAction {
        .fill(FillAction(x: x, y: y, color: color))
    }

    /// A closed polygon of `sides` points round (x, y), the last point on the first.
    static func circlePoints(x: Int, y: Int, radius: Double, sides: Int = 72) -> PointList {
        PointList(
            (0...sides).flatMap { step -> [Int] in
                let angle = Double(step) / Double(sides) * 2 * Double.pi
                return [x + Int((radius * cos(angle)).rounded()), y + Int((radius * sin(angle)).rounded())]
            })
    }

    /// A red horizontal line through the middle of the canvas.
    static let redLine = pen(1, red, width: 24, [200, 600, 1400, 600])

    /// A black circle filled yellow inside.
    static let filledCircle = pen(1, black, width: 12, circlePoints(x: 800, y: 600, radius: 300)) + [fill(800, 600, yellow)]

    /// A black circle with the canvas around it filled sky blue.
    static let filledAround = pen(1, black, width: 12, circlePoints(x: 800, y: 600, radius: 300)) + [fill(100, 100, sky)]

    /// A thick black line with a gap rubbed out of its middle.
    static let erased = pen(1, black, width: 40, [200, 600, 1400, 600]) + eraser(2, width: 80, [800, 400, 800, 800])

    /// A red line kept, a blue line and a fill taken back.
    static let undone = redLine + pen(2, blue, width: 24, [200, 300, 1400, 300]) + [.undo, fill(100, 100, sky), .undo]

    /// A blue line cleared away, then a green one.
    static let cleared = pen(1, blue, width: 24, [200, 300, 1400, 300]) + [.clear] + pen(2, green, width: 24, [200, 900, 1400, 900])

    /// Two circles, one inside the other, the ring between them filled, then a line drawn across
    /// both and a fill recolouring the inner disc: fills in drawing order, over and under strokes.
    static let layered =
        pen(1, black, width: 16, circlePoints(x: 800, y: 600, radius: 400))
        + pen(2, blue, width: 16, circlePoints(x: 800, y: 600, radius: 200))
        + [fill(800, 300, yellow)]
        + pen(3, red, width: 20, [300, 600, 1300, 600])
        + [fill(800, 500, green)]

    /// A dot: a stroke of one point.
    static let dot = pen(1, blue, width: 60, [400, 400])

    static let all: [(name: String, actions: [DrawingAction])] = [
        ("a red line", redLine), ("a filled circle", filledCircle), ("a fill around a circle", filledAround),
        ("an erased gap", erased), ("undo", undone), ("clear", cleared), ("layered fills", layered), ("a dot", dot),
    ]
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
