import DoodleCore
import Testing

@testable import DoodleServer

@Suite("Checkpoint slots")
struct RoomCheckpointerSlotTests {
    /// Rooms' lazy checkpoints spread over the interval: each falls due at its slot's instant,
    /// never later than one interval after the change, and the slots cover the interval evenly.
    @Test("a lazy checkpoint falls due at its slot's instant, within one interval")
    func slotsSpreadTheInterval() {
        var dues: Set<Int64> = []
        for slot in 0..<RoomCheckpointer.slots {
            var checkpointer = RoomCheckpointer(archive: nil, nodeId: nil, intervalMillis: 1_000, slot: slot)
            let now: Int64 = 1_765_000_000_123
            let writeNow = checkpointer.shouldWriteNow(after: .lazy, now: now)
            #expect(!writeNow)
            guard let due = checkpointer.due else { return #expect(Bool(false), "a lazy change leaves a due time") }
            #expect(due > now && due <= now + 1_000)
            #expect((due - Int64(slot) * 100) % 1_000 == 0, "slot \(slot) falls due \(slot * 100) ms into the interval")
            dues.insert(due % 1_000)
        }
        #expect(dues.count == RoomCheckpointer.slots)
    }

    @Test("a second lazy change keeps the first one's due time; an immediate one is written now")
    func dueTimeHolds() {
        var checkpointer = RoomCheckpointer(archive: nil, nodeId: nil, intervalMillis: 1_000, slot: 3)
        _ = checkpointer.shouldWriteNow(after: .lazy, now: 10_050)
        let first = checkpointer.due
        _ = checkpointer.shouldWriteNow(after: .lazy, now: 10_290)
        #expect(checkpointer.due == first)
        #expect(first == 10_300)
        let writeNow = checkpointer.shouldWriteNow(after: .immediate, now: 10_295)
        #expect(writeNow)
    }

    @Test("slot numbers beyond the count, or negative, wrap")
    func slotsWrap() {
        var wrapped = RoomCheckpointer(archive: nil, nodeId: nil, intervalMillis: 1_000, slot: RoomCheckpointer.slots + 2)
        var negative = RoomCheckpointer(archive: nil, nodeId: nil, intervalMillis: 1_000, slot: -2)
        _ = wrapped.shouldWriteNow(after: .lazy, now: 5_000)
        _ = negative.shouldWriteNow(after: .lazy, now: 5_000)
        #expect(wrapped.due == 5_200)
        #expect(negative.due == 5_200)
    }
}
