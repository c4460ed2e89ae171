import DoodleCore
import DoodleTestSupport
import NIOCore
import NIOEmbedded
import NIOWebSocket
import Synchronization
import Testing

@testable import DoodleServer

@Suite("Outbound queue on an embedded channel")
struct OutboundQueueTests {
    private static let limits = OutboundBacklog.Limits(frames: 16, bytes: 4096, stallMillis: 5000, sizeableBytes: 1024)

    /// A channel with the frame encoder and the wire writer below it, as on a live connection.
    /// A test that adds `held` to the pipeline has the writer see what it holds as the bytes a
    /// full socket would keep.
    private func makeQueue(
        limits: OutboundBacklog.Limits = Self.limits, budget: OutboundBudget = OutboundBudget(ceiling: 1 << 30),
        clock: ManualGameClock = ManualGameClock(), held: HeldWrites? = nil
    ) throws -> (OutboundQueue, EmbeddedChannel) {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(WebSocketFrameEncoder())
        let sink = try FrameSink.installNow(on: channel) { held?.heldBytes ?? 0 }
        return (OutboundQueue(limits: limits, budget: budget, clock: clock, eventLoop: channel.eventLoop, sink: sink), channel)
    }

    /// How the queue has ended so far (its callback runs at once when the ending is ready).
    private func ending(of queue: OutboundQueue) -> OutboundEnding? {
        let ending = Mutex<OutboundEnding?>(nil)
        queue.whenEnded { reported in ending.withLock { $0 = reported } }
        return ending.withLock { $0 }
    }

    private func written(_ channel: EmbeddedChannel) throws -> [UInt8] {
        var bytes: [UInt8] = []
        while let buffer = try channel.readOutbound(as: ByteBuffer.self) { bytes += buffer.readableBytesView }
        return bytes
    }

    private func text(_ string: String) -> WireFrame { WireFrame(text: ByteBuffer(string: string)) }

    private func text(bytes count: Int) -> WireFrame { WireFrame(text: ByteBuffer(repeating: UInt8(ascii: "a"), count: count)) }

    @Test("frames queued before a drain go out together, in order, framed")
    func batchInOrder() throws {
        let (queue, channel) = try makeQueue()
        #expect(queue.send(text("a")))
        #expect(queue.send(text("bc")))
        queue.ping()
        channel.embeddedEventLoop.run()
        #expect(try written(channel) == [0x81, 1, 0x61, 0x81, 2, 0x62, 0x63, 0x89, 0])
        #expect(queue.heldBytes == 0)
    }

    @Test("drain after drain, each reusing the array the one before took, frames go out in order and the books come to zero")
    func drainsInTurn() throws {
        let budget = OutboundBudget(ceiling: 1 << 30)
        let (queue, channel) = try makeQueue(budget: budget)
        var expected: [UInt8] = []
        for round in 1...5 {
            for index in 0..<round {
                let letter = UInt8(ascii: "a") + UInt8(index)
                #expect(queue.send(WireFrame(text: ByteBuffer(bytes: [letter]))))
                expected += [0x81, 1, letter]
            }
            channel.embeddedEventLoop.run()
            #expect(queue.heldBytes == 0)
        }
        #expect(try written(channel) == expected)
        #expect(budget.heldBytes == 0)
        // Every frame came off the books: the full frame limit is still there.
        for index in 0..<Self.limits.frames { #expect(queue.send(text("\(index)"))) }
        #expect(!queue.isClosing)
    }

    @Test("the backlog takes the emptied array it is left as its queue: the frames queued next come out alone and in order")
    func backlogQueuesIntoTheArrayLeft() {
        var backlog = OutboundBacklog(limits: Self.limits, now: 0)
        _ = backlog.enqueue(text("a"), now: 0)
        _ = backlog.enqueue(text("b"), now: 0)
        var taken = backlog.takeQueued()
        #expect(taken.count == 2)
        taken.removeAll(keepingCapacity: true)
        _ = backlog.takeQueued(leaving: taken)
        #expect(backlog.enqueue(text("c"), now: 0) == .queued(scheduleDrain: true))
        let next = backlog.takeQueued()
        #expect(next.map { String(buffer: $0.frame.bytes) } == [String(buffer: text("c").bytes)])
        #expect(backlog.frameCount == 3, "a, b and c are in flight until written")
    }

    @Test("a reader that falls too many frames behind is aborted with 1013 and what was queued is dropped")
    func frameOverflowAborts() throws {
        let budget = OutboundBudget(ceiling: 1 << 30)
        let (queue, channel) = try makeQueue(budget: budget)
        for index in 0..<16 { #expect(queue.send(text("\(index)"))) }
        #expect(!queue.send(text("x")))
        #expect(queue.isClosing)
        #expect(!queue.send(text("y")))
        guard case .abort(.tryAgainLater, _) = ending(of: queue) else {
            Issue.record("expected an abort with 1013")
            return
        }
        channel.embeddedEventLoop.run()
        #expect(try written(channel).isEmpty, "nothing had reached the socket yet, so nothing is written")
        #expect(budget.heldBytes == 0)
        #expect(budget.closesByCode == [.tryAgainLater: 1])
    }

    @Test("a reader that falls too many bytes behind is aborted with 1013")
    func byteOverflowAborts() throws {
        let (queue, _) = try makeQueue()
        #expect(queue.send(text(bytes: 2000)))
        #expect(queue.send(text(bytes: 2000)))
        #expect(!queue.send(text(bytes: 200)), "4,000 + 4 header bytes each + 200 passes 4,096")
        guard case .abort(.tryAgainLater, let reason) = ending(of: queue) else {
            Issue.record("expected an abort with 1013")
            return
        }
        #expect(reason.contains("4096 bytes"))
    }

    @Test("a snapshot asked for while one is pending is coalesced, and does not count against the byte limit")
    func snapshotsCoalesce() throws {
        let (queue, channel) = try makeQueue()
        #expect(queue.sendSnapshot(text(bytes: 10_000)), "one snapshot larger than the byte limit is still sent")
        #expect(queue.hasPendingSnapshot)
        #expect(queue.sendSnapshot(text(bytes: 10_000)))
        #expect(queue.heldBytes == 10_004, "the second was coalesced into the first")
        #expect(queue.send(text(bytes: 3000)), "events after it count against the limit on their own")
        channel.embeddedEventLoop.run()
        #expect(try written(channel).count == 10_004 + 3004)
        #expect(!queue.hasPendingSnapshot)
        #expect(queue.heldBytes == 0)
    }

    @Test("a client that takes nothing of what waits for it for the stall limit is aborted, however little it is")
    func stallAborts() throws {
        let clock = ManualGameClock()
        let held = HeldWrites()
        let (queue, channel) = try makeQueue(clock: clock, held: held)
        // What the socket takes is never a stall, however long ago it was sent.
        _ = queue.send(text(bytes: 100))
        channel.embeddedEventLoop.run()
        _ = try written(channel)
        clock.advance(byMillis: 10_000)
        queue.abortIfStalled(now: clock.nowMillis())
        #expect(!queue.isClosing)

        // A hundred bytes that the socket does not take for five seconds are.
        try channel.pipeline.syncOperations.addHandler(held, position: .first)
        _ = queue.send(text(bytes: 100))
        channel.embeddedEventLoop.run()
        #expect(held.heldBytes == 102, "the framed message waits in the socket")
        #expect(queue.heldBytes == 102, "and still counts against the connection's bounds")
        // The heartbeat's first check sees the frame arrive; five more, a second apart, see it
        // stuck for the five seconds.
        for _ in 0..<5 {
            Self.heartbeatCheck(queue, clock)
            #expect(!queue.isClosing)
        }
        Self.heartbeatCheck(queue, clock)
        #expect(queue.isClosing)
        guard case .abort(.tryAgainLater, _) = ending(of: queue) else {
            Issue.record("expected an abort with 1013")
            return
        }
    }

    @Test("a clock that jumps past the stall limit at once is no stall: the checks must see it stuck too")
    func clockJumpIsNoStall() throws {
        let clock = ManualGameClock()
        let held = HeldWrites()
        let (queue, channel) = try makeQueue(clock: clock, held: held)
        try channel.pipeline.syncOperations.addHandler(held, position: .first)
        _ = queue.send(text(bytes: 100))
        channel.embeddedEventLoop.run()
        // A paused machine, or a server too busy to check: one check, a minute later.
        clock.advance(byMillis: 60_000)
        queue.abortIfStalled(now: clock.nowMillis())
        #expect(!queue.isClosing)
        for _ in 0..<4 {
            Self.heartbeatCheck(queue, clock)
            #expect(!queue.isClosing)
        }
        Self.heartbeatCheck(queue, clock)
        #expect(queue.isClosing, "five checks in a row saw nothing taken, over more than five seconds")
    }

    /// What the heartbeat does once a second.
    private static func heartbeatCheck(_ queue: OutboundQueue, _ clock: ManualGameClock) {
        clock.advance(byMillis: 1000)
        queue.abortIfStalled(now: clock.nowMillis())
    }

    @Test("a close waiting behind what the client never reads becomes an abort, counted once")
    func stalledCloseBecomesAbort() throws {
        let clock = ManualGameClock()
        let budget = OutboundBudget(ceiling: 1 << 30)
        let held = HeldWrites()
        let (queue, channel) = try makeQueue(budget: budget, clock: clock, held: held)
        try channel.pipeline.syncOperations.addHandler(held, position: .first)
        _ = queue.send(text(bytes: 100))
        channel.embeddedEventLoop.run()
        queue.close(.flooding, reason: "flooding")
        #expect(ending(of: queue) == nil, "the close waits for the frame before it")
        for _ in 0..<6 { Self.heartbeatCheck(queue, clock) }
        guard case .abort(.tryAgainLater, _) = ending(of: queue) else {
            Issue.record("the stalled close did not become an abort")
            return
        }
        #expect(budget.closesByCode == [.flooding: 1])
    }

    @Test("a client slowly taking a large backlog is not a stall")
    func slowProgressIsNoStall() throws {
        let clock = ManualGameClock()
        let limits = OutboundBacklog.Limits(frames: 16, bytes: 1 << 20, stallMillis: 5000, sizeableBytes: 1024)
        let held = HeldWrites()
        let (queue, channel) = try makeQueue(limits: limits, clock: clock, held: held)
        try channel.pipeline.syncOperations.addHandler(held, position: .first)
        queue.sendSnapshot(text(bytes: 300_000))
        channel.embeddedEventLoop.run()
        // One 64 KiB slice every four seconds: slow, but moving.
        for _ in 0..<4 {
            clock.advance(byMillis: 4000)
            queue.abortIfStalled(now: clock.nowMillis())
            #expect(!queue.isClosing)
            held.releaseFirst()
        }
        held.releaseAll()
        #expect(queue.heldBytes == 0)
    }

    @Test("over the server's budget, a connection with a sizeable backlog is aborted and one that keeps up is served")
    func serverBudget() throws {
        let budget = OutboundBudget(ceiling: 3000)
        let (slow, _) = try makeQueue(budget: budget)
        let (quick, quickChannel) = try makeQueue(budget: budget)
        #expect(slow.send(text(bytes: 1500)))
        #expect(slow.send(text(bytes: 1400)))
        #expect(quick.send(text(bytes: 50)), "a small backlog is served even near the ceiling")
        #expect(!slow.send(text(bytes: 200)), "a backlog of 2,900 bytes past a ceiling of 3,000 is aborted")
        #expect(slow.isClosing)
        #expect(!quick.isClosing)
        #expect(budget.heldBytes == 52, "what the aborted connection had queued was released")
        quickChannel.embeddedEventLoop.run()
        #expect(budget.heldBytes == 0)
    }

    @Test("a close waits for what was queued before it; finish ends without waiting and without a close")
    func closeAndFinish() throws {
        let (queue, channel) = try makeQueue()
        queue.send(text("a"))
        queue.close(.kicked, reason: "kicked")
        channel.embeddedEventLoop.run()
        #expect(ending(of: queue) == .close(.kicked, reason: "kicked"))
        #expect(try written(channel) == [0x81, 1, 0x61])

        let (other, _) = try makeQueue()
        other.send(text("a"))
        other.finish()
        #expect(ending(of: other) == .finish)
        #expect(!other.send(text("b")))
    }

    @Test("large frames go to the socket in slices, each taken off the books as it is written")
    func largeFramesInSlices() throws {
        let limits = OutboundBacklog.Limits(frames: 16, bytes: 1 << 20, stallMillis: 5000, sizeableBytes: 1024)
        let (queue, channel) = try makeQueue(limits: limits)
        queue.sendSnapshot(text(bytes: 150_000))
        channel.embeddedEventLoop.run()
        var sizes: [Int] = []
        while let buffer = try channel.readOutbound(as: ByteBuffer.self) { sizes.append(buffer.readableBytes) }
        #expect(sizes == [65_536, 65_536, 150_010 - 131_072])
        #expect(queue.heldBytes == 0)
        #expect(!queue.hasPendingSnapshot)
    }
}

/// Holds every write, as a socket whose client does not read, until the test releases it.
private final class HeldWrites: ChannelOutboundHandler {
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private var writes: [(ByteBuffer, EventLoopPromise<Void>?)] = []
    private var context: ChannelHandlerContext?

    var heldBytes: Int { writes.reduce(0) { $0 + $1.0.readableBytes } }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        writes.append((unwrapOutboundIn(data), promise))
    }

    func flush(context: ChannelHandlerContext) {}

    func releaseFirst() {
        guard let context, !writes.isEmpty else { return }
        let (bytes, promise) = writes.removeFirst()
        context.writeAndFlush(wrapOutboundOut(bytes), promise: promise)
    }

    func releaseAll() {
        while !writes.isEmpty { releaseFirst() }
    }
}
