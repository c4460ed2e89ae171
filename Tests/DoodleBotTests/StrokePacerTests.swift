import DoodleBot
import DoodleCore
import Testing

@Suite("Sketches and their pacing")
struct StrokePacerTests {
    static func points(of action: DrawingAction) -> Int {
        switch action {
        case .strokeBegin(let begin): begin.points.count / 2
        case .strokePoints(_, let points): points.count / 2
        default: 0
        }
    }

    /// The most messages inside any window of `window`.
    static func busiestWindow(_ times: [Duration], window: Duration) -> Int {
        var best = 0
        var start = 0
        for end in times.indices {
            while times[end] - times[start] >= window { start += 1 }
            best = max(best, end - start + 1)
        }
        return best
    }

    @Test("at human speed points come every 16 ms, in batches of a few, each stroke begun and ended")
    func humanPace() {
        var random = SeededRandom(seed: 1)
        let sketch = SketchLibrary.sketch(for: "sun", using: &random)
        let messages = StrokePacer.schedule(sketch, pacing: .human(speed: 1))
        #expect(messages.map { Self.points(of: $0.action) }.reduce(0, +) == sketch.pointCount, "every point is sent once")
        #expect(messages.filter { if case .strokeBegin = $0.action { true } else { false } }.count == sketch.strokes.count)
        #expect(messages.filter { if case .strokeEnd = $0.action { true } else { false } }.count == sketch.strokes.count)
        let batches = messages.map { Self.points(of: $0.action) }.filter { $0 > 0 }
        #expect(batches.allSatisfy { $0 <= 4 }, "48 ms of points at 16 ms each")
        let circlePoints = sketch.strokes[0].points.count
        let circleEnd = messages.first { $0.action == .strokeEnd(strokeId: 1) }?.at ?? .zero
        #expect(circleEnd >= .milliseconds(16) * (circlePoints - 1), "drawing a stroke takes as long as a hand would")
        #expect(zip(messages, messages.dropFirst()).allSatisfy { $0.at <= $1.at })
    }

    @Test("at any speed no message holds more than 256 points and no second more than 120 messages")
    func limitsHoldAtHighSpeed() {
        var random = SeededRandom(seed: 2)
        let long = Sketch(strokes: [
            SketchStroke(color: "#000000", width: 4, points: (0..<2000).map { SketchPoint(x: $0 % 1600, y: ($0 / 4) % 1200) })
        ])
        for speed in [1.0, 20, 1000] {
            for sketch in [long, SketchLibrary.sketch(for: "flower", using: &random)] {
                let messages = StrokePacer.schedule(sketch, pacing: .human(speed: speed))
                #expect(messages.allSatisfy { Self.points(of: $0.action) <= 256 })
                #expect(Self.busiestWindow(messages.map(\.at), window: .seconds(1)) <= 120, "speed \(speed)")
                #expect(zip(messages, messages.dropFirst()).allSatisfy { $1.at - $0.at >= .milliseconds(10) })
            }
        }
    }

    @Test("every library sketch stays on the canvas; unknown words get a doodle")
    func sketchesOnCanvas() {
        var random = SeededRandom(seed: 3)
        for word in SketchLibrary.words + ["accordion"] {
            let sketch = SketchLibrary.sketch(for: word, using: &random).wobbled(by: 4, using: &random)
            #expect(!sketch.strokes.isEmpty)
            #expect(sketch.strokes.allSatisfy { $0.points.allSatisfy { (0..<1600).contains($0.x) && (0..<1200).contains($0.y) } })
        }
        #expect(SketchLibrary.hasSketch(for: "Umbrella"))
        #expect(!SketchLibrary.hasSketch(for: "accordion"))
    }
}
