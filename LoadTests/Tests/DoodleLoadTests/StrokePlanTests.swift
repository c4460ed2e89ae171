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
