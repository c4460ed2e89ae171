import DoodleClient
import DoodleCore
import DoodleLoad
import Testing

@Suite("Stroke plan")
struct StrokePlanTests {
    @Test("every message's ordinal is read back from its content")
    func ordinalRoundTrip() {
        let plan = StrokePlan(messagesPerSecond: 20, pointsPerBatch: 8, strokeLength: 20)
        for ordinal in 0..<2_000 {
            #expect(plan.ordinal(of: plan.action(ordinal: ordinal)) == ordinal)
        }
    }

    @Test("strokes are begin, points…, end, with increasing ids and points on the canvas")
    func strokeShape() {
        let plan = StrokePlan(messagesPerSecond: 20, pointsPerBatch: 4, strokeLength: 4)
        let types = (0..<8).map { plan.action(ordinal: $0).typeName }
        #expect(types == ["strokeBegin", "strokePoints", "strokePoints", "strokeEnd", "strokeBegin", "strokePoints", "strokePoints", "strokeEnd"])
        guard case .strokeBegin(let begin) = plan.action(ordinal: 4) else { return #expect(Bool(false)) }
        #expect(begin.strokeId == 2)
        #expect(begin.points.count == 8)
        for (index, value) in begin.points.enumerated() { #expect(value >= 0 && value < (index % 2 == 0 ? 1600 : 1200)) }
    }

    @Test("the hand-written wire text is exactly what the JSON encoder writes, for every kind of message")
    func wireTextMatchesTheEncoder() throws {
        let sketched = StrokePlan.sketched()
        let uniform = StrokePlan(messagesPerSecond: 20, pointsPerBatch: 8, strokeLength: 20)
        // Two cycles of the sketches: begins, points and ends, ids past the first cycle's.
        for (plan, ordinals) in [(sketched, 0..<4_000), (uniform, 0..<500)] {
            for ordinal in ordinals {
                #expect(plan.wireText(ordinal: ordinal) == (try DoodleConnection.encode(.draw(plan.action(ordinal: ordinal)))), "ordinal \(ordinal)")
            }
        }
    }

    @Test("a plan that would break the contract's drawing limits is refused")
    func limits() {
        #expect(StrokePlan(messagesPerSecond: 20, pointsPerBatch: 8).violation(forSeconds: 240) == nil)
        #expect(StrokePlan(messagesPerSecond: 121).violation(forSeconds: 10) != nil)
        #expect(StrokePlan(messagesPerSecond: 100, pointsPerBatch: 64).violation(forSeconds: 240) != nil)
    }

    @Test("a message that is not the drawer's is not taken for one")
    func foreignContent() {
        let plan = StrokePlan()
        #expect(plan.ordinal(of: .strokePoints(strokeId: 1, points: [0, 1])) == nil)
        #expect(plan.ordinal(of: .clear) == nil)
    }
}

@Suite("Sketched strokes")
struct SketchedStrokeTests {
    @Test("every message of the sketched plan is read back from its content")
    func ordinalRoundTrip() {
        let plan = StrokePlan.sketched()
        for ordinal in 0..<(3 * plan.shape.batches.reduce(0) { $0 + $1.count + 1 }) {
            #expect(plan.ordinal(of: plan.action(ordinal: ordinal)) == ordinal)
        }
    }

    @Test("the sketches give strokes and messages of different sizes, as a hand does")
    func sizesVary() {
        let shape = StrokeShape.sketched
        let lengths = Set(shape.batches.map(\.count))
        let points = Set(shape.batches.flatMap { $0 })
        #expect(shape.strokesPerCycle >= 20)
        #expect(lengths.count >= 5, "stroke lengths: \(lengths.sorted())")
        #expect(points.count >= 2, "points per message: \(points.sorted())")
        #expect(shape.meanPointsPerMessage >= 1 && shape.meanPointsPerMessage <= 8)
        #expect(StrokePlan.sketched().violation(forSeconds: 240) == nil)
    }

    @Test("a message of the right stroke and index but the wrong size is not taken for one")
    func wrongSize() {
        let plan = StrokePlan.sketched()
        guard case .strokeBegin(var begin) = plan.action(ordinal: 0) else { return #expect(Bool(false)) }
        begin.points.append(5)
        begin.points.append(5)
        #expect(plan.ordinal(of: .strokeBegin(begin)) == nil)
    }

    @Test("a stroke's first ordinal follows the cycle")
    func firstOrdinals() {
        let plan = StrokePlan.sketched()
        let cycle = plan.shape.batches.reduce(0) { $0 + $1.count + 1 }
        #expect(plan.firstOrdinal(ofStroke: 1) == 0)
        #expect(plan.firstOrdinal(ofStroke: plan.shape.strokesPerCycle + 1) == cycle)
        #expect(plan.firstOrdinal(ofStroke: 2) == plan.shape.batches[0].count + 1)
    }
}
