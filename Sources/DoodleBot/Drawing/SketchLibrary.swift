import DoodleCore
import Foundation

/// Recognisable sketches for common words, and a generic doodle for every other word.
///
/// A bot draws the way a person in a hurry does: a few shapes that suggest the thing. The words
/// are compared normalised (case, accents and punctuation ignored), as guesses are.
public enum SketchLibrary {
    /// The words with a sketch of their own, normalised.
    public static var words: [String] { sketches.keys.sorted() }

    public static func hasSketch(for word: String) -> Bool {
        sketches[GuessNormalizer.normalize(word)] != nil
    }

    /// The sketch for `word`, or a generic doodle of a few shapes when there is none.
    public static func sketch(for word: String, using random: inout some RandomNumberGenerator) -> Sketch {
        if let make = sketches[GuessNormalizer.normalize(word)] { return make() }
        return genericDoodle(using: &random)
    }

    /// Two to four shapes somewhere on the canvas: what a stuck drawer scribbles.
    public static func genericDoodle(using random: inout some RandomNumberGenerator) -> Sketch {
        let colors = ["#222222", "#d62828", "#1d4ed8", "#2a9d8f", "#f4a261"]
        var strokes: [SketchStroke] = []
        for _ in 0..<Int.random(in: 2...4, using: &random) {
            let pen = SketchPen(color: colors.randomElement(using: &random) ?? "#222222", width: Int.random(in: 4...12, using: &random))
            let cx = Double.random(in: 300...1300, using: &random)
            let cy = Double.random(in: 250...950, using: &random)
            let size = Double.random(in: 80...220, using: &random)
            switch Int.random(in: 0..<5, using: &random) {
            case 0: strokes.append(pen.circle(cx: cx, cy: cy, r: size))
            case 1: strokes.append(pen.polyline([(cx - size, cy - size), (cx + size, cy - size), (cx + size, cy + size), (cx - size, cy + size)], closed: true))
            case 2: strokes.append(pen.polyline([(cx, cy - size), (cx + size, cy + size), (cx - size, cy + size)], closed: true))
            case 3: strokes.append(pen.polyline((0...6).map { (cx - size + Double($0) * size / 3, cy + ($0 % 2 == 0 ? -size / 2 : size / 2)) }))
            default:
                strokes.append(pen.curve(samples: 80) { t in
                    let angle = t * 6 * .pi
                    return (cx + size * t * cos(angle), cy + size * t * sin(angle))
                })
            }
        }
        return Sketch(strokes: strokes)
    }

    private static let black = SketchPen(color: "#222222", width: 8)

    private static let sketches: [String: @Sendable () -> Sketch] = [
        "sun": sun, "house": house, "tree": tree, "cat": cat, "fish": fish, "car": car, "star": star,
        "heart": heart, "flower": flower, "umbrella": umbrella, "boat": boat, "apple": apple, "moon": moon,
        "cloud": cloud, "banana": banana, "snowman": snowman, "balloon": balloon, "ladder": ladder,
        "mountain": mountain, "rainbow": rainbow, "clock": clock, "kite": kite,
    ]

    private static func sun() -> Sketch {
        let pen = SketchPen(color: "#f5b700", width: 10)
        var strokes = [pen.circle(cx: 800, cy: 600, r: 170)]
        for ray in 0..<10 {
            let angle = Double(ray) * .pi / 5
            strokes.append(pen.line(800 + 220 * cos(angle), 600 + 220 * sin(angle), 800 + 340 * cos(angle), 600 + 340 * sin(angle)))
        }
        return Sketch(strokes: strokes)
    }

    private static func house() -> Sketch {
        let red = SketchPen(color: "#b22222", width: 10)
        return Sketch(strokes: [
            black.polyline([(500, 560), (1100, 560), (1100, 1000), (500, 1000)], closed: true),
            red.polyline([(450, 570), (800, 260), (1150, 570)]),
            black.polyline([(740, 1000), (740, 800), (860, 800), (860, 1000)]),
            black.polyline([(560, 640), (680, 640), (680, 740), (560, 740)], closed: true),
            black.polyline([(920, 640), (1040, 640), (1040, 740), (920, 740)], closed: true),
        ])
    }

    private static func tree() -> Sketch {
        let brown = SketchPen(color: "#7b4a12", width: 12)
        let green = SketchPen(color: "#2e8b2e", width: 10)
        return Sketch(strokes: [
            brown.polyline([(760, 1050), (760, 700), (840, 700), (840, 1050)]),
            green.circle(cx: 800, cy: 520, r: 220),
            green.circle(cx: 640, cy: 620, r: 120),
            green.circle(cx: 960, cy: 620, r: 120),
        ])
    }

    private static func cat() -> Sketch {
        Sketch(strokes: [
            black.circle(cx: 800, cy: 620, r: 230),
            black.polyline([(620, 480), (640, 260), (750, 400)]),
            black.polyline([(850, 400), (960, 260), (980, 480)]),
            black.circle(cx: 720, cy: 580, r: 25),
            black.circle(cx: 880, cy: 580, r: 25),
            black.polyline([(780, 660), (820, 660), (800, 690)], closed: true),
            black.line(760, 700, 560, 670), black.line(760, 715, 560, 740),
            black.line(840, 700, 1040, 670), black.line(840, 715, 1040, 740),
        ])
    }

    private static func fish() -> Sketch {
        let orange = SketchPen(color: "#f77f00", width: 10)
        return Sketch(strokes: [
            orange.arc(cx: 760, cy: 600, rx: 300, ry: 170),
            orange.polyline([(1050, 600), (1250, 450), (1250, 750)], closed: true),
            black.circle(cx: 580, cy: 560, r: 22),
            black.arc(cx: 560, cy: 640, rx: 40, ry: 25, from: 0, to: .pi),
        ])
    }

    private static func car() -> Sketch {
        let blue = SketchPen(color: "#1d4ed8", width: 10)
        return Sketch(strokes: [
            blue.polyline([(350, 780), (350, 620), (560, 600), (680, 460), (1000, 460), (1120, 600), (1250, 620), (1250, 780)], closed: true),
            black.polyline([(700, 490), (840, 490), (840, 600), (600, 600)], closed: true),
            black.polyline([(880, 490), (990, 490), (1080, 600), (880, 600)], closed: true),
            black.circle(cx: 560, cy: 800, r: 90),
            black.circle(cx: 1040, cy: 800, r: 90),
        ])
    }

    private static func star() -> Sketch {
        let corners = (0..<10).map { index -> (Double, Double) in
            let radius: Double = index % 2 == 0 ? 380 : 160
            let angle = -Double.pi / 2 + Double(index) * .pi / 5
            return (800 + radius * cos(angle), 620 + radius * sin(angle))
        }
        return Sketch(strokes: [SketchPen(color: "#e9b400", width: 12).polyline(corners, closed: true)])
    }

    private static func heart() -> Sketch {
        let red = SketchPen(color: "#d62828", width: 12)
        return Sketch(strokes: [
            red.curve(samples: 140) { t in
                let a = t * 2 * .pi
                let x = 16 * pow(sin(a), 3)
                let y = 13 * cos(a) - 5 * cos(2 * a) - 2 * cos(3 * a) - cos(4 * a)
                return (800 + 22 * x, 560 - 22 * y)
            }
        ])
    }

    private static func flower() -> Sketch {
        let pink = SketchPen(color: "#e0559b", width: 9)
        let green = SketchPen(color: "#2e8b2e", width: 10)
        var strokes = [green.line(800, 560, 800, 1100), green.arc(cx: 880, cy: 880, rx: 80, ry: 35)]
        for petal in 0..<6 {
            let angle = Double(petal) * .pi / 3
            strokes.append(pink.circle(cx: 800 + 130 * cos(angle), cy: 420 + 130 * sin(angle), r: 75))
        }
        strokes.append(SketchPen(color: "#f5b700", width: 10).circle(cx: 800, cy: 420, r: 60))
        return Sketch(strokes: strokes)
    }

    private static func umbrella() -> Sketch {
        let purple = SketchPen(color: "#6a4c93", width: 10)
        var strokes = [purple.arc(cx: 800, cy: 560, rx: 420, ry: 300, from: .pi, to: 2 * .pi)]
        for scallop in 0..<4 {
            strokes.append(purple.arc(cx: 485 + Double(scallop) * 210, cy: 560, rx: 105, ry: 50, from: .pi, to: 0))
        }
        strokes.append(black.line(800, 260, 800, 940))
        strokes.append(black.arc(cx: 740, cy: 940, rx: 60, ry: 60, from: 0, to: .pi))
        return Sketch(strokes: strokes)
    }

    private static func boat() -> Sketch {
        let brown = SketchPen(color: "#7b4a12", width: 10)
        let blue = SketchPen(color: "#1d4ed8", width: 8)
        return Sketch(strokes: [
            brown.polyline([(450, 800), (1150, 800), (1030, 950), (570, 950)], closed: true),
            black.line(800, 800, 800, 300),
            SketchPen(color: "#d62828", width: 8).polyline([(810, 320), (1080, 740), (810, 740)], closed: true),
            blue.curve(samples: 60) { t in (300 + 1000 * t, 1010 + 20 * sin(t * 10 * .pi)) },
        ])
    }

    private static func apple() -> Sketch {
        let red = SketchPen(color: "#d62828", width: 12)
        return Sketch(strokes: [
            red.curve(samples: 120) { t in
                let a = t * 2 * .pi
                // A circle pinched at the top, like an apple.
                let r = 260 * (1 - 0.18 * pow(max(0, -sin(a)), 8))
                return (800 + r * cos(a), 640 + r * sin(a) * 0.95)
            },
            SketchPen(color: "#7b4a12", width: 10).line(800, 400, 830, 300),
            SketchPen(color: "#2e8b2e", width: 9).arc(cx: 900, cy: 330, rx: 70, ry: 30),
        ])
    }

    private static func moon() -> Sketch {
        let yellow = SketchPen(color: "#e9b400", width: 10)
        return Sketch(strokes: [
            yellow.arc(cx: 800, cy: 600, rx: 300, ry: 300, from: .pi / 2, to: 3 * .pi / 2),
            yellow.arc(cx: 900, cy: 600, rx: 220, ry: 300, from: 3 * .pi / 2, to: .pi / 2),
        ])
    }

    private static func cloud() -> Sketch {
        let grey = SketchPen(color: "#5a6b7b", width: 10)
        return Sketch(strokes: [
            grey.arc(cx: 620, cy: 650, rx: 140, ry: 120, from: .pi / 2, to: 3 * .pi / 2),
            grey.arc(cx: 740, cy: 520, rx: 150, ry: 140, from: .pi, to: 2 * .pi),
            grey.arc(cx: 930, cy: 540, rx: 140, ry: 120, from: .pi, to: 2 * .pi),
            grey.arc(cx: 1040, cy: 660, rx: 120, ry: 110, from: 3 * .pi / 2, to: 5 * .pi / 2),
            grey.line(620, 770, 1040, 770),
        ])
    }

    private static func banana() -> Sketch {
        let yellow = SketchPen(color: "#e9b400", width: 12)
        return Sketch(strokes: [
            yellow.arc(cx: 800, cy: 380, rx: 420, ry: 420, from: 0.25 * .pi, to: 0.75 * .pi),
            yellow.arc(cx: 800, cy: 520, rx: 330, ry: 260, from: 0.2 * .pi, to: 0.8 * .pi),
            SketchPen(color: "#7b4a12", width: 10).line(1097, 677, 1130, 640),
        ])
    }

    private static func snowman() -> Sketch {
        Sketch(strokes: [
            black.circle(cx: 800, cy: 880, r: 200),
            black.circle(cx: 800, cy: 560, r: 140),
            black.circle(cx: 800, cy: 330, r: 100),
            SketchPen(color: "#f77f00", width: 10).polyline([(800, 340), (880, 360), (800, 370)]),
            black.line(660, 560, 480, 440), black.line(940, 560, 1120, 440),
        ])
    }

    private static func balloon() -> Sketch {
        Sketch(strokes: [
            SketchPen(color: "#d62828", width: 10).arc(cx: 800, cy: 450, rx: 220, ry: 270),
            black.curve(samples: 50) { t in (800 + 40 * sin(t * 4 * .pi), 720 + 380 * t) },
        ])
    }

    private static func ladder() -> Sketch {
        let brown = SketchPen(color: "#7b4a12", width: 12)
        var strokes = [brown.line(650, 150, 650, 1100), brown.line(950, 150, 950, 1100)]
        for rung in 0..<7 { strokes.append(brown.line(650, 250 + Double(rung) * 130, 950, 250 + Double(rung) * 130)) }
        return Sketch(strokes: strokes)
    }

    private static func mountain() -> Sketch {
        Sketch(strokes: [
            SketchPen(color: "#5a4a3b", width: 10).polyline([(200, 1000), (650, 300), (900, 700), (1100, 450), (1450, 1000)]),
            SketchPen(color: "#5a6b7b", width: 8).polyline([(540, 470), (600, 520), (650, 460), (700, 530), (760, 470)]),
        ])
    }

    private static func rainbow() -> Sketch {
        let colors = ["#d62828", "#f77f00", "#e9b400", "#2e8b2e", "#1d4ed8", "#6a4c93"]
        return Sketch(
            strokes: colors.enumerated().map { index, color in
                SketchPen(color: color, width: 16).arc(cx: 800, cy: 950, rx: 600 - Double(index) * 40, ry: 600 - Double(index) * 40, from: .pi, to: 2 * .pi)
            })
    }

    private static func clock() -> Sketch {
        var strokes = [black.circle(cx: 800, cy: 600, r: 330)]
        for tick in 0..<12 {
            let angle = Double(tick) * .pi / 6
            strokes.append(black.line(800 + 290 * cos(angle), 600 + 290 * sin(angle), 800 + 320 * cos(angle), 600 + 320 * sin(angle)))
        }
        strokes.append(black.line(800, 600, 800, 380))
        strokes.append(black.line(800, 600, 950, 650))
        return Sketch(strokes: strokes)
    }

    private static func kite() -> Sketch {
        Sketch(strokes: [
            SketchPen(color: "#d62828", width: 10).polyline([(800, 150), (1000, 420), (800, 750), (600, 420)], closed: true),
            black.line(800, 150, 800, 750), black.line(600, 420, 1000, 420),
            black.curve(samples: 60) { t in (800 + 60 * sin(t * 6 * .pi), 750 + 380 * t) },
        ])
    }
}
