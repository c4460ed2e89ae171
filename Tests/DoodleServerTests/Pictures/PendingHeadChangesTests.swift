import Testing

@testable import DoodleServer

/// Head changes waiting for the other nodes: coalesced per player, taken in bounded batches,
/// and "everyone" swallowing whatever players were pending.
@Suite("Pending head changes")
struct PendingHeadChangesTests {
    @Test("a player changed many times is announced once; batches are bounded; nothing pending gives nil")
    func coalescedAndBounded() {
        let pending = PendingHeadChanges()
        for _ in 0..<3 { pending.add("p_ada") }
        pending.add("p_bob")
        pending.add("p_cy")
        var announced: [String] = []
        while let batch = pending.take(upTo: 2) {
            guard case .players(let players) = batch else {
                Issue.record("expected players, got \(batch)")
                return
            }
            #expect((1...2).contains(players.count))
            announced += players
        }
        #expect(announced.sorted() == ["p_ada", "p_bob", "p_cy"])
        #expect(pending.take(upTo: 2) == nil)
    }

    @Test("everyone changed: one announcement for all, and the players pending before go with it")
    func everyone() {
        let pending = PendingHeadChanges()
        pending.add("p_ada")
        pending.addEveryone()
        pending.add("p_bob")
        #expect(pending.take(upTo: 10) == .everyone)
        #expect(pending.take(upTo: 10) == nil)
    }
}
