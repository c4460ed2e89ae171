import Testing

@testable import DoodleServer

/// The widgets' latest-head bookkeeping as a value: hits and misses, the bound, and the
/// invalidations racing reads that must never let a stale head back in.
@Suite("Latest-head table")
struct LatestHeadTableTests {
    static func head(_ player: String, _ drawing: String? = nil, at sentAt: Int64 = 1) -> LatestHead {
        LatestHead(playerId: player, drawing: drawing.map { LatestHead.Drawing(id: $0, sentAt: sentAt) })
    }

    /// A miss's ticket, failing the test on a hit.
    static func missTicket(
        _ table: inout LatestHeadTable, _ token: String, sourceLocation: SourceLocation = #_sourceLocation
    ) -> LatestHeadTable.ReadTicket? {
        guard case .miss(let ticket) = table.lookup(tokenHash: token) else {
            Issue.record("\(token) was a hit", sourceLocation: sourceLocation)
            return nil
        }
        return ticket
    }

    /// Reads `token` the way the route does on a miss: ticket, storage's answer, done.
    static func fill(_ table: inout LatestHeadTable, _ token: String, with head: LatestHead?, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let ticket = missTicket(&table, token, sourceLocation: sourceLocation) else { return }
        table.finishRead(ticket, tokenHash: token, head: head)
    }

    @Test("a read head is a hit until its player is invalidated; then a miss, and the new head is kept")
    func hitUntilInvalidated() {
        var table = LatestHeadTable(capacity: 4)
        Self.fill(&table, "t_ada", with: Self.head("p_ada"))
        #expect(table.lookup(tokenHash: "t_ada") == .hit(Self.head("p_ada")))
        table.invalidate("p_bob")
        #expect(table.lookup(tokenHash: "t_ada") == .hit(Self.head("p_ada")), "another player's change leaves Ada's head")
        table.invalidate("p_ada")
        Self.fill(&table, "t_ada", with: Self.head("p_ada", "d_1"))
        #expect(table.lookup(tokenHash: "t_ada") == .hit(Self.head("p_ada", "d_1")))
        #expect(table.statistics.hits == 3)
        #expect(table.statistics.misses == 2)
        #expect(table.count == 1)
    }

    @Test("a token no player holds is not kept: the next lookup asks storage again")
    func unknownTokenNotKept() {
        var table = LatestHeadTable(capacity: 4)
        Self.fill(&table, "t_unknown", with: nil)
        #expect(table.count == 0)
        Self.fill(&table, "t_unknown", with: Self.head("p_new"))
        #expect(table.lookup(tokenHash: "t_unknown") == .hit(Self.head("p_new")))
    }

    @Test("a read that began before its player's invalidation is not kept, whenever it ends")
    func readRacingAnInvalidation() {
        var table = LatestHeadTable(capacity: 4)
        // The read saw the database before the drawing committed; the room invalidates; the read comes back.
        guard let ticket = Self.missTicket(&table, "t_bob") else { return }
        table.invalidate("p_bob")
        table.finishRead(ticket, tokenHash: "t_bob", head: Self.head("p_bob"))
        #expect(table.count == 0)
        #expect(table.statistics.refusedStale == 1)
        // A read that began after the invalidation saw the commit: it is kept.
        Self.fill(&table, "t_bob", with: Self.head("p_bob", "d_new"))
        #expect(table.lookup(tokenHash: "t_bob") == .hit(Self.head("p_bob", "d_new")))
    }

    @Test("of two overlapping reads, one older than an invalidation is refused, one younger kept")
    func overlappingReads() {
        var table = LatestHeadTable(capacity: 4)
        guard let old = Self.missTicket(&table, "t_bob") else { return }
        table.invalidate("p_bob")
        guard let young = Self.missTicket(&table, "t_bob") else { return }
        table.finishRead(young, tokenHash: "t_bob", head: Self.head("p_bob", "d_new"))
        table.finishRead(old, tokenHash: "t_bob", head: Self.head("p_bob"))
        #expect(table.lookup(tokenHash: "t_bob") == .hit(Self.head("p_bob", "d_new")), "the old read did not overwrite the new head")
    }

    @Test("an invalidation of another player does not refuse a read under way")
    func unrelatedInvalidation() {
        var table = LatestHeadTable(capacity: 4)
        guard let ticket = Self.missTicket(&table, "t_ada") else { return }
        table.invalidate("p_bob")
        table.finishRead(ticket, tokenHash: "t_ada", head: Self.head("p_ada"))
        #expect(table.lookup(tokenHash: "t_ada") == .hit(Self.head("p_ada")))
    }

    @Test("invalidating everything empties the table and refuses every read under way")
    func invalidateAll() {
        var table = LatestHeadTable(capacity: 4)
        Self.fill(&table, "t_ada", with: Self.head("p_ada"))
        guard let ticket = Self.missTicket(&table, "t_bob") else { return }
        table.invalidateAll()
        #expect(table.count == 0)
        table.finishRead(ticket, tokenHash: "t_bob", head: Self.head("p_bob"))
        #expect(table.count == 0)
        Self.fill(&table, "t_ada", with: Self.head("p_ada"))
        #expect(table.count == 1)
    }

    @Test("bounded: past capacity the entry without a recent hit goes first")
    func bounded() {
        var table = LatestHeadTable(capacity: 3)
        for name in ["a", "b", "c"] { Self.fill(&table, "t_\(name)", with: Self.head("p_\(name)")) }
        // a and c are polled again; b is not.
        _ = table.lookup(tokenHash: "t_a")
        _ = table.lookup(tokenHash: "t_c")
        Self.fill(&table, "t_d", with: Self.head("p_d"))
        #expect(table.count == 3)
        #expect(table.statistics.evictions == 1)
        #expect(table.lookup(tokenHash: "t_a") == .hit(Self.head("p_a")))
        #expect(table.lookup(tokenHash: "t_c") == .hit(Self.head("p_c")))
        #expect(table.lookup(tokenHash: "t_d") == .hit(Self.head("p_d")))
        guard case .miss(let ticket) = table.lookup(tokenHash: "t_b") else {
            Issue.record("b, never polled again, should have gone")
            return
        }
        table.finishRead(ticket, tokenHash: "t_b", head: nil)
        for index in 0..<100 { Self.fill(&table, "t_many_\(index)", with: Self.head("p_many_\(index)")) }
        #expect(table.count == 3)
        // An evicted player's invalidation finds nothing and breaks nothing.
        table.invalidate("p_a")
        #expect(table.count <= 3)
    }

    @Test("capacity 0 keeps nothing")
    func off() {
        var table = LatestHeadTable(capacity: 0)
        Self.fill(&table, "t_ada", with: Self.head("p_ada"))
        #expect(table.count == 0)
        Self.fill(&table, "t_ada", with: Self.head("p_ada"))
    }

    @Test("a slot freed by an invalidation is used again before anything is evicted")
    func freedSlotsReused() {
        var table = LatestHeadTable(capacity: 2)
        Self.fill(&table, "t_a", with: Self.head("p_a"))
        Self.fill(&table, "t_b", with: Self.head("p_b"))
        table.invalidate("p_a")
        Self.fill(&table, "t_c", with: Self.head("p_c"))
        #expect(table.statistics.evictions == 0)
        #expect(table.lookup(tokenHash: "t_b") == .hit(Self.head("p_b")))
        #expect(table.lookup(tokenHash: "t_c") == .hit(Self.head("p_c")))
    }

    @Test("suspended, nothing is kept, not even a read that began before; resumed, a read that began while suspended is refused too")
    func suspendedKeepsNothing() {
        var table = LatestHeadTable(capacity: 4)
        Self.fill(&table, "t_ada", with: Self.head("p_ada"))
        guard let before = Self.missTicket(&table, "t_bob") else { return }
        table.suspend()
        #expect(table.count == 0, "suspending forgets every head")
        table.finishRead(before, tokenHash: "t_bob", head: Self.head("p_bob"))
        Self.fill(&table, "t_ada", with: Self.head("p_ada"))
        #expect(table.count == 0, "nothing read while suspended is kept")
        guard let during = Self.missTicket(&table, "t_ada") else { return }
        table.resume()
        table.finishRead(during, tokenHash: "t_ada", head: Self.head("p_ada"))
        #expect(table.count == 0, "a read from before the resume may have missed a change")
        Self.fill(&table, "t_ada", with: Self.head("p_ada", "d_1"))
        #expect(table.lookup(tokenHash: "t_ada") == .hit(Self.head("p_ada", "d_1")))
    }

    @Test("a table made suspended keeps nothing until resumed")
    func startsSuspended() {
        var table = LatestHeadTable(capacity: 4, suspended: true)
        Self.fill(&table, "t_ada", with: Self.head("p_ada"))
        #expect(table.count == 0)
        table.resume()
        Self.fill(&table, "t_ada", with: Self.head("p_ada"))
        #expect(table.lookup(tokenHash: "t_ada") == .hit(Self.head("p_ada")))
    }
}
