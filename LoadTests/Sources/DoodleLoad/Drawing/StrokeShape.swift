import DoodleCore
import DoodleBot

/// The sizes of a drawer's messages: for each stroke of one cycle, the points in each of its
/// point-carrying messages (its `strokeBegin`, then its `strokePoints`); a `strokeEnd` follows
/// each. A drawer goes through the cycle again and again, with stroke ids counting on.
public struct StrokeShape: Sendable, Equatable {
    /// Points per message, stroke by stroke; every stroke has at least one message, every
    /// message at least one point.
    public let batches: [[Int]]
    /// The ordinal, within a cycle, of each stroke's `strokeBegin`.
    let strokeStarts: [Int]
    /// Messages per cycle, `strokeEnd`s included.
    let cycleLength: Int

    init(batches: [[Int]]) {
        precondition(!batches.isEmpty && batches.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0 >= 1 } }, "a shape needs points in every message")
        self.batches = batches
        var starts: [Int] = []
        var ordinal = 0
        for stroke in batches {
            starts.append(ordinal)
            ordinal += stroke.count + 1
        }
        strokeStarts = starts
        cycleLength = ordinal
    }

    /// Every stroke `strokeLength` messages long, each point-carrying message with `pointsPerBatch` points.
    public static func uniform(pointsPerBatch: Int, strokeLength: Int) -> StrokeShape {
        StrokeShape(batches: [Array(repeating: max(pointsPerBatch, 1), count: max(strokeLength - 1, 1))])
    }

    /// The strokes of the bot's sketches (every word of `SketchLibrary` in turn), batched as a
    /// browser batches a person's hand: a point every 16 ms, a message every 48 ms. So the
    /// sizes are those of real drawings: short strokes of a few messages beside long curves,
    /// and one to a few points in a message.
    public static let sketched: StrokeShape = {
        var generator = SystemRandomNumberGenerator()
        var batches: [[Int]] = []
        for word in SketchLibrary.words {
            var current: [Int] = []
            for message in StrokePacer.schedule(SketchLibrary.sketch(for: word, using: &generator), pacing: .human(speed: 1)) {
                switch message.action {
                case .strokeBegin(let begin): current = [begin.points.count / 2]
                case .strokePoints(_, let points): current.append(points.count / 2)
                case .strokeEnd: batches.append(current)
                case .fill, .undo, .clear: break
                }
            }
        }
        return StrokeShape(batches: batches)
    }()

    public var strokesPerCycle: Int { batches.count }

    /// Points per point-carrying message, on average over a cycle.
    public var meanPointsPerMessage: Double {
        let messages = batches.reduce(0) { $0 + $1.count }
        return Double(batches.reduce(0) { $0 + $1.reduce(0, +) }) / Double(messages)
    }

    /// Messages per stroke, `strokeEnd` included, on average over a cycle.
    public var meanStrokeLength: Double { Double(cycleLength) / Double(batches.count) }

    /// Where message `ordinal` falls: its stroke id (from 1), its index within the stroke, and
    /// its points (nil for the `strokeEnd`).
    func position(ofOrdinal ordinal: Int) -> (strokeId: Int, batch: Int, points: Int?) {
        let cycle = ordinal / cycleLength
        let offset = ordinal % cycleLength
        // The last stroke that starts at or before the offset.
        var low = 0
        var high = strokeStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if strokeStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let batch = offset - strokeStarts[low]
        let stroke = batches[low]
        return (cycle * batches.count + low + 1, batch, batch < stroke.count ? stroke[batch] : nil)
    }

    /// The stroke's index within the cycle, and the ordinal of its `strokeBegin`; nil for an id below 1.
    func stroke(id strokeId: Int) -> (index: Int, firstOrdinal: Int)? {
        guard strokeId >= 1 else { return nil }
        let index = (strokeId - 1) % batches.count
        return (index, (strokeId - 1) / batches.count * cycleLength + strokeStarts[index])
    }
}
