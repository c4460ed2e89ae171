import BenchSupport
import NIOCore
import NIOPosix

/// The floor under the capacity search: NIOFanOut's one event loop and bare channels, but each
/// trigger names its group and carries its send time, which goes into the frame written to
/// every channel of that group (`writeAndFlush` per channel, no promise, no handlers), as a
/// room broadcasts its drawer's stroke. One per step, on the search's pinned loop.
final class CapacityFanOut: Sendable {
    struct Counts {
        var cpuSeconds: Double
        var triggers: Int
        var writes: Int
        var strayTriggers: Int
    }

    let targetPort: Int
    let triggerPort: Int
    private let loop: any EventLoop
    private let state: NIOLoopBound<State>
    private let listeners: [any Channel]

    init(loop: any EventLoop, groupSize: Int, frameBytes: Int) throws {
        let state = try loop.submit { NIOLoopBound(State(groupSize: groupSize, frameBytes: frameBytes), eventLoop: loop) }.wait()
        let targets = try ServerBootstrap(group: loop)
            .serverChannelOption(.backlog, value: 1_024)
            .childChannelInitializer { channel in
                state.value.channels.append(channel)
                return channel.eventLoop.makeSucceededVoidFuture()
            }
            .bind(host: "127.0.0.1", port: 0).wait()
        let trigger = try ServerBootstrap(group: loop)
            .serverChannelOption(.backlog, value: 1_024)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(TriggerHandler(state: state))
                }
            }
            .bind(host: "127.0.0.1", port: 0).wait()
        self.loop = loop
        self.state = state
        listeners = [targets, trigger]
        targetPort = targets.localAddress?.port ?? 0
        triggerPort = trigger.localAddress?.port ?? 0
    }

    /// Waits until `count` target connections have been accepted.
    func awaitConnections(_ count: Int) throws {
        while try loop.submit({ self.state.value.channels.count }).wait() < count { usleep(1_000) }
    }

    /// The loop thread's CPU clock and the counts so far, read on the loop.
    func counts() throws -> Counts {
        try loop.submit {
            let state = self.state.value
            return Counts(cpuSeconds: ThreadCPUTime.seconds(), triggers: state.triggers, writes: state.writes, strayTriggers: state.strayTriggers)
        }.wait()
    }

    func close() throws {
        let closed = try loop.submit {
            (self.state.value.channels + self.listeners).map { $0.close() }
        }.wait()
        // A channel the peer closed first fails its close: it is closed all the same.
        try EventLoopFuture.andAllComplete(closed, on: loop).wait()
    }

    /// The loop's: the accepted channels in the order they came (group g is channels 8g..<8g+8)
    /// and what the triggers made it do.
    final class State {
        var channels: [any Channel] = []
        var triggers = 0
        var writes = 0
        /// Triggers naming a group beyond the connections: a broken record, counted so it fails the step.
        var strayTriggers = 0
        let groupSize: Int
        let frameBytes: Int

        init(groupSize: Int, frameBytes: Int) {
            self.groupSize = groupSize
            self.frameBytes = frameBytes
        }

        func fanOut(_ trigger: TriggerRecord, allocator: ByteBufferAllocator) {
            let first = Int(trigger.group) * groupSize
            guard first + groupSize <= channels.count else {
                strayTriggers += 1
                return
            }
            triggers += 1
            let frame = LatencyFrame.make(bytes: frameBytes, sentAt: trigger.sentAt, allocator: allocator)
            for channel in channels[first..<first + groupSize] {
                channel.pipeline.syncOperations.writeAndFlush(NIOAny(frame), promise: nil)
                writes += 1
            }
        }
    }

    /// Reads the pacer's records, as many whole ones as came, and fans each out.
    final class TriggerHandler: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        private let state: NIOLoopBound<State>
        private var splitter = RecordSplitter(recordBytes: TriggerRecord.bytes)

        init(state: NIOLoopBound<State>) {
            self.state = state
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            var input = unwrapInboundIn(data)
            let state = self.state.value
            let allocator = context.channel.allocator
            splitter.forEachRecord(in: &input) { record in
                if let trigger = TriggerRecord(record) { state.fanOut(trigger, allocator: allocator) }
            }
        }
    }
}
