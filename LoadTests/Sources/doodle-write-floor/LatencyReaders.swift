import BenchSupport
import Histogram
import NIOCore
import NIOPosix

/// The players of the capacity search: NIO channels on one event loop (pinned to the load CPU),
/// each reading its connection's frames and recording how long after its trigger was sent each
/// one arrived. Everything they share lives on that loop, so nothing needs a lock; the search
/// reads it with `submit`.
final class LatencyReaders: Sendable {
    struct Window {
        var frames: Int
        var p50Microseconds: UInt64
        var p99Microseconds: UInt64
        var p999Microseconds: UInt64
        var maxMicroseconds: UInt64
        var cpuSeconds: Double
    }

    struct Totals {
        var frames: Int
        var malformed: Int
    }

    private let loop: any EventLoop
    private let tally: NIOLoopBound<Tally>
    private let channels: [any Channel]

    /// Connects `count` readers to `port`, a batch at a time so the listener's backlog holds them.
    init(count: Int, port: Int, frameBytes: Int, loop: any EventLoop) throws {
        let tally = try loop.submit { NIOLoopBound(Tally(), eventLoop: loop) }.wait()
        let bootstrap = ClientBootstrap(group: loop)
            .channelOption(.tcpOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(LatencyReader(frameBytes: frameBytes, tally: tally))
                }
            }
        var channels: [any Channel] = []
        channels.reserveCapacity(count)
        while channels.count < count {
            let batch = (0..<min(256, count - channels.count)).map { _ in bootstrap.connect(host: "127.0.0.1", port: port) }
            channels += try EventLoopFuture.whenAllSucceed(batch, on: loop).wait()
        }
        self.loop = loop
        self.tally = tally
        self.channels = channels
    }

    /// Starts a measuring window: the latencies recorded so far are dropped. Returns the
    /// frames so far and the loop thread's CPU clock.
    func startWindow() throws -> (frames: Int, cpuSeconds: Double) {
        try loop.submit {
            let tally = self.tally.value
            tally.latencies.reset()
            return (tally.frames, ThreadCPUTime.seconds())
        }.wait()
    }

    /// The latencies since `startWindow`, the frames so far and the loop thread's CPU clock.
    func window() throws -> Window {
        try loop.submit {
            let latencies = self.tally.value.latencies
            return Window(
                frames: self.tally.value.frames, p50Microseconds: latencies.valueAtPercentile(50),
                p99Microseconds: latencies.valueAtPercentile(99), p999Microseconds: latencies.valueAtPercentile(99.9),
                maxMicroseconds: latencies.max, cpuSeconds: ThreadCPUTime.seconds())
        }.wait()
    }

    func totals() throws -> Totals {
        try loop.submit { Totals(frames: self.tally.value.frames, malformed: self.tally.value.malformed) }.wait()
    }

    func close() throws {
        let closed = try loop.submit { self.channels.map { $0.close() } }.wait()
        // The fan-out may have closed a connection first, which fails its close here: it is closed.
        try EventLoopFuture.andAllComplete(closed, on: loop).wait()
    }

    /// What every reader adds to, on the loop.
    final class Tally {
        /// Microseconds, up to a minute: a delivery later than that has failed the step long before.
        var latencies = Histogram<UInt64>(highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: .three)
        var frames = 0
        /// Frames whose header was not the fan-out's: the stream has been cut wrongly, so the step fails.
        var malformed = 0
    }

    /// One connection's reader: splits its stream into the fan-out's frames and records each
    /// one's latency, taken from one clock reading per read (the frames of a read came together).
    final class LatencyReader: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        private let tally: NIOLoopBound<Tally>
        private let frameBytes: Int
        private var splitter: RecordSplitter

        init(frameBytes: Int, tally: NIOLoopBound<Tally>) {
            self.tally = tally
            self.frameBytes = frameBytes
            splitter = RecordSplitter(recordBytes: frameBytes)
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            var input = unwrapInboundIn(data)
            let now = MonotonicClock.nanoseconds()
            let tally = self.tally.value
            let frameBytes = self.frameBytes
            splitter.forEachRecord(in: &input) { frame in
                guard let sentAt = LatencyFrame.sentAt(in: frame, bytes: frameBytes) else {
                    tally.malformed += 1
                    return
                }
                tally.frames += 1
                let microseconds = now > sentAt ? (now - sentAt) / 1_000 : 0
                tally.latencies.record(min(microseconds, 60_000_000))
            }
        }
    }
}
