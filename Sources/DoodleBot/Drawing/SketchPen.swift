import Foundation

/// Builds strokes from simple shapes, sampled the way a pointer moving at a steady speed would be
/// (one point every `step` pixels along the path), clamped to the canvas.
struct SketchPen: Sendable {
    var color: String
    var width: Int
    /// Distance between sampled points along a path, in pixels.
    var step: Double = 14

    func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> SketchStroke {
        polyline([(x0, y0), (x1, y1)])
    }

    /// A path through `corners`; `closed` returns to the first corner.
    func polyline(_ corners: [(Double, Double)], closed: Bool = false) -> SketchStroke {
        var corners = corners
        if closed, let first = corners.first { corners.append(first) }
        var samples: [(Double, Double)] = corners.first.map { [$0] } ?? []
        for (from, to) in zip(corners, corners.dropFirst()) {
            let length = hypot(to.0 - from.0, to.1 - from.1)
            let count = max(1, Int((length / step).rounded(.up)))
            for index in 1...count {
                let t = Double(index) / Double(count)
                samples.append((from.0 + (to.0 - from.0) * t, from.1 + (to.1 - from.1) * t))
            }
        }
        return stroke(samples)
    }

    /// An arc of an ellipse from `start` to `end` (radians, 0 = right, growing clockwise on screen).
    func arc(cx: Double, cy: Double, rx: Double, ry: Double, from start: Double = 0, to end: Double = 2 * .pi) -> SketchStroke {
        let circumference = abs(end - start) * max(rx, ry)
        let count = max(4, Int((circumference / step).rounded(.up)))
        let samples = (0...count).map { index -> (Double, Double) in
            let angle = start + (end - start) * Double(index) / Double(count)
            return (cx + rx * cos(angle), cy + ry * sin(angle))
        }
        return stroke(samples)
    }

    func circle(cx: Double, cy: Double, r: Double) -> SketchStroke {
        arc(cx: cx, cy: cy, rx: r, ry: r)
    }

    /// A curve given as a function of t in 0...1, sampled densely enough for `step`.
    func curve(samples count: Int, _ point: (Double) -> (Double, Double)) -> SketchStroke {
        stroke((0...count).map { point(Double($0) / Double(count)) })
    }

    private func stroke(_ samples: [(Double, Double)]) -> SketchStroke {
        SketchStroke(
            color: color, width: width,
            points: samples.map { x, y in
                SketchPoint(
                    x: min(max(Int(x.rounded()), 0), Sketch.canvasWidth - 1),
                    y: min(max(Int(y.rounded()), 0), Sketch.canvasHeight - 1))
            })
    }
}
