import BenchSupport
import Foundation
import Glibc
import NIOCore
import NIOPosix

/// The woken-by-input floor written through SwiftNIO instead of `writev`: one event loop
/// accepts the connections, and each frame that arrives on the trigger connection makes it
/// write its group's frame to every channel of the group (`writeAndFlush`, no promise, no
/// handlers in the pipeline). What it costs above the plain floor is NIO's own share of a
/// delivery, the part any server on NIO pays before doing anything of its own. The readers are
/// one thread polling every socket, or (`readerLoops`) NIO event loops, as `doodle-load`'s are.
enum NIOFanOut {
    struct Outcome {
        var writes: Int
        var cpuSeconds: Double
    }

    static func run(
        connections: Int, groups: Int, gapMicroseconds: UInt32, frame: [UInt8], seconds: Double, readerLoops: Int?
    ) throws -> Outcome {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        let loop = group.next()
        let fanOut = try loop.submit {
            NIOLoopBound(FanOutState(frame: ByteBuffer(bytes: frame), connections: connections, groups: groups), eventLoop: loop)
        }.wait()

        let targets = try ServerBootstrap(group: group)
            .childChannelInitializer { channel in
                fanOut.value.channels.append(channel)
                return channel.eventLoop.makeSucceededVoidFuture()
            }
            .bind(host: "127.0.0.1", port: 0).wait()
        let trigger = try ServerBootstrap(group: group)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(TriggerHandler(state: fanOut))
                }
            }
            .bind(host: "127.0.0.1", port: 0).wait()

        let port = targets.localAddress?.port ?? 0
        // Readers as a load generator's clients are, when asked: NIO channels on event loops of
        // their own (nothing in their pipelines: what they read is dropped).
        let readerGroup = readerLoops.map { MultiThreadedEventLoopGroup(numberOfThreads: $0) }
        defer { try? readerGroup?.syncShutdownGracefully() }
        var readers: [Int32] = []
        for _ in 0..<connections {
            if let readerGroup {
                // The reader's loop keeps the channel; it closes when the group shuts down.
                _ = try ClientBootstrap(group: readerGroup).channelOption(.tcpOption(.tcp_nodelay), value: 1)
                    .connect(host: "127.0.0.1", port: port).wait()
            } else {
                readers.append(try LoopbackSockets.connect(to: LoopbackSockets.address(port: UInt16(port))))
            }
        }
        while try loop.submit({ fanOut.value.channels.count }).wait() < connections { usleep(1_000) }
        if readerGroup == nil {
            let drain = Thread { [readers] in LoopbackSockets.readUntilClosed(readers) }
            drain.start()
        }

        let pacerSocket = try LoopbackSockets.connect(to: LoopbackSockets.address(port: UInt16(trigger.localAddress?.port ?? 0)))
        let cpuBefore = try loop.submit { ThreadCPUTime.seconds() }.wait()
        let writesBefore = try loop.submit { fanOut.value.writes }.wait()
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1_000))
        LoopbackSockets.send(frame, on: pacerSocket, everyMicroseconds: gapMicroseconds) { ContinuousClock.now >= deadline }
        // The last frames' writes are done once the loop answers after them.
        usleep(20_000)
        let (cpuAfter, writesAfter) = try loop.submit { (ThreadCPUTime.seconds(), fanOut.value.writes) }.wait()
        Glibc.close(pacerSocket)
        try loop.submit {
            for channel in fanOut.value.channels { channel.close(promise: nil) }
        }.wait()
        try targets.close().wait()
        try trigger.close().wait()
        return Outcome(writes: writesAfter - writesBefore, cpuSeconds: cpuAfter - cpuBefore)
    }

    /// The event loop's: the accepted channels, and which group the next trigger writes to.
    final class FanOutState {
        var channels: [any Channel] = []
        var nextGroup = 0
        var writes = 0
        let frame: ByteBuffer
        let connections: Int
        let groups: Int

        init(frame: ByteBuffer, connections: Int, groups: Int) {
            self.frame = frame
            self.connections = connections
            self.groups = groups
        }

        func writeNextGroup() {
            let group = nextGroup
            nextGroup = (nextGroup + 1) % groups
            for channel in channels[group * connections / groups..<(group + 1) * connections / groups] {
                channel.pipeline.syncOperations.writeAndFlush(NIOAny(frame), promise: nil)
                writes += 1
            }
        }
    }

    /// Reads the pacer's frames: each read (one frame, or several that came together) writes one group.
    final class TriggerHandler: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        private let state: NIOLoopBound<FanOutState>

        init(state: NIOLoopBound<FanOutState>) {
            self.state = state
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            state.value.writeNextGroup()
        }
    }
}
