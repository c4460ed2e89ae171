import DoodleCore
import DoodleTestSupport
import NIOCore
import NIOEmbedded
import NIOWebSocket
import Synchronization
import Testing

@testable import DoodleServer

@Suite("Live connections: waiting for the last one to close", .timeLimit(.minutes(1)))
struct LiveConnectionsTests {
    /// How many waits have ended.
    private final class Endings: Sendable {
        private let count = Mutex(0)
        func record() { count.withLock { $0 += 1 } }
        var total: Int { count.withLock { $0 } }
    }

    private static let limits = OutboundBacklog.Limits(frames: 16, bytes: 4096, stallMillis: 5000, sizeableBytes: 1024)

    /// A connection's queue on an embedded channel, which `channels` keeps open.
    private func makeQueue(keeping channels: inout [EmbeddedChannel], budget: OutboundBudget = OutboundBudget(ceiling: 1 << 30)) throws -> OutboundQueue {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(WebSocketFrameEncoder())
        channels.append(channel)
        return OutboundQueue(
            limits: Self.limits, budget: budget, clock: ManualGameClock(), eventLoop: channel.eventLoop,
            sink: try FrameSink.installNow(on: channel))
    }

    @Test("once the server closes them all, a connection that opens after is closed the same way at once")
    func latecomerIsClosedToo() throws {
        var channels: [EmbeddedChannel] = []
        let budget = OutboundBudget(ceiling: 1 << 30)
        let connections = LiveConnections()
        connections.add(try makeQueue(keeping: &channels, budget: budget), activity: ConnectionActivity(now: 0), address: "127.0.0.1")
        #expect(budget.closesByCode.isEmpty)
        connections.closeAll(.shuttingDown, reason: "server shutting down")
        #expect(budget.closesByCode[.shuttingDown] == 1)
        connections.add(try makeQueue(keeping: &channels, budget: budget), activity: ConnectionActivity(now: 0), address: "127.0.0.1")
        #expect(budget.closesByCode[.shuttingDown] == 2, "the latecomer is told 4001 too")
    }

    @Test("with no connection open the wait is over at once")
    func noneOpen() async {
        await LiveConnections().waitUntilAllClosed()
    }

    @Test("the wait ends when the last connection closes, not when the first does")
    func lastCloseEndsTheWait() async throws {
        var channels: [EmbeddedChannel] = []
        let connections = LiveConnections()
        let first = try makeQueue(keeping: &channels)
        let second = try makeQueue(keeping: &channels)
        connections.add(first, activity: ConnectionActivity(now: 0), address: "127.0.0.1")
        connections.add(second, activity: ConnectionActivity(now: 0), address: "127.0.0.1")
        let ended = Endings()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                await connections.waitUntilAllClosed()
                ended.record()
            }
            connections.remove(first)
            // One is still open: after a while the waiter must still be waiting.
            try await Task.sleep(for: .milliseconds(50))
            #expect(ended.total == 0)
            connections.remove(second)
            try await group.waitForAll()
        }
        #expect(ended.total == 1)
        #expect(connections.count == 0)
    }

    @Test("every waiter is woken by the last close")
    func severalWaiters() async throws {
        var channels: [EmbeddedChannel] = []
        let connections = LiveConnections()
        let queue = try makeQueue(keeping: &channels)
        connections.add(queue, activity: ConnectionActivity(now: 0), address: "127.0.0.1")
        let woken = Endings()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<3 {
                group.addTask {
                    await connections.waitUntilAllClosed()
                    woken.record()
                }
            }
            try? await Task.sleep(for: .milliseconds(20))
            connections.remove(queue)
        }
        #expect(woken.total == 3)
    }

    @Test("a cancelled wait returns while connections are still open")
    func cancelledWait() async throws {
        var channels: [EmbeddedChannel] = []
        let connections = LiveConnections()
        connections.add(try makeQueue(keeping: &channels), activity: ConnectionActivity(now: 0), address: "127.0.0.1")
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await connections.waitUntilAllClosed() }
            group.cancelAll()
        }
        #expect(connections.count == 1)
    }
}
