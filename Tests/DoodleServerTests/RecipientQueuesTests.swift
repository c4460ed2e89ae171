import DoodleCore
import DoodleTestSupport
import NIOCore
import NIOEmbedded
import NIOWebSocket
import Testing

@testable import DoodleServer

@Suite("Recipient queues")
struct RecipientQueuesTests {
    private static let limits = OutboundBacklog.Limits(frames: 16, bytes: 4096, stallMillis: 5000, sizeableBytes: 1024)

    /// A connection's queue on an embedded channel, which `channels` keeps open.
    private func makeQueue(keeping channels: inout [EmbeddedChannel]) throws -> OutboundQueue {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(WebSocketFrameEncoder())
        channels.append(channel)
        return OutboundQueue(
            limits: Self.limits, budget: OutboundBudget(ceiling: 1 << 30), clock: ManualGameClock(), eventLoop: channel.eventLoop,
            sink: try FrameSink.installNow(on: channel))
    }

    private func ids(_ cache: inout RecipientQueues, _ recipients: [PlayerID], _ connections: [PlayerID: OutboundQueue]) -> [UInt64] {
        var found: [UInt64] = []
        cache.forEach(of: recipients, in: connections) { found.append($0.id) }
        return found
    }

    @Test("a list is looked up once, and again once the connections change or another list comes")
    func cachedUntilChanged() throws {
        var channels: [EmbeddedChannel] = []
        let (ada, bob, cy) = (try makeQueue(keeping: &channels), try makeQueue(keeping: &channels), try makeQueue(keeping: &channels))
        var connections: [PlayerID: OutboundQueue] = ["p_ada": ada, "p_bob": bob]
        let members: [PlayerID] = ["p_ada", "p_bob", "p_cy"]
        var cache = RecipientQueues()

        #expect(ids(&cache, members, connections) == [ada.id, bob.id], "in order, a member without a connection skipped")

        // The same list (the same storage) keeps what was found, even if the dictionary passed
        // differs: only `invalidate` says the connections changed.
        connections["p_cy"] = cy
        #expect(ids(&cache, members, connections) == [ada.id, bob.id])
        cache.invalidate()
        #expect(ids(&cache, members, connections) == [ada.id, bob.id, cy.id])

        // An equal list in other storage is looked up again.
        let reordered: [PlayerID] = ["p_cy", "p_ada"]
        #expect(ids(&cache, reordered, connections) == [cy.id, ada.id])
        var copy = members
        copy.append("p_dee")
        #expect(ids(&cache, copy, connections) == [ada.id, bob.id, cy.id])
    }

    @Test("a single recipient is looked up directly and leaves the cached list alone")
    func singleRecipient() throws {
        var channels: [EmbeddedChannel] = []
        let (ada, bob) = (try makeQueue(keeping: &channels), try makeQueue(keeping: &channels))
        var connections: [PlayerID: OutboundQueue] = ["p_ada": ada, "p_bob": bob]
        let members: [PlayerID] = ["p_ada", "p_bob"]
        var cache = RecipientQueues()
        #expect(ids(&cache, members, connections) == [ada.id, bob.id])
        #expect(ids(&cache, ["p_bob"], connections) == [bob.id])
        connections["p_bob"] = nil
        #expect(ids(&cache, ["p_bob"], connections).isEmpty)
        #expect(ids(&cache, members, connections) == [ada.id, bob.id], "the cached list was kept")
    }
}
