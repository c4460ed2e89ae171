import ArgumentParser
import BenchSupport
import Foundation
import Glibc

/// `doodle-write-floor`: what one small WebSocket frame per `writev` costs the writing thread on
/// this machine's loopback, with no server around it — the least CPU any server can spend per
/// delivered message when each delivery is its own write (docs/performance.md).
@main
struct WriteFloorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doodle-write-floor",
        abstract: "The kernel's cost of one small frame per writev on loopback TCP: the floor under delivered messages per CPU second.")

    @Option(help: "Loopback TCP connections written in turn.") var connections = 160
    @Option(help: "Pause after each round over all connections, microseconds (0: flat out).") var pause = 20_000
    @Option(help: "Groups the connections are written in, like rooms: each group back to back, then its share of the pause, so the round's writes are spread over it as rooms' fan-outs are.") var groups = 1
    @Option(help: "Frame size in bytes (a stroke message is 60–120): 70, or 100 with --capacity.") var frameBytes: Int?
    @Option(help: "Seconds to measure.") var seconds = 5.0
    @Flag(help: "Write through SwiftNIO: one event loop accepts the connections and, woken by input as with --woken-by-input, writes each group with writeAndFlush (no promise, no handlers): NIO's own share of a delivery on top of the floor.") var throughNio = false
    @Option(help: "With --through-nio: read with this many NIO event loops, as doodle-load's clients do (it has one per core), instead of one thread polling every socket.") var nioReaders: Int?
    @Flag(help: "Wake the writer for each group with a frame on a socket (read first, as a server reads a drawer's stroke) instead of its own timer: another thread sends one per group's share of the pause.") var wokenByInput = false
    @Flag(help: "With --through-nio: search for the most groups of 8 the floor serves on one pinned CPU within --p99-bound, nothing lost, stepping from --start by --step to --max (the options marked --capacity).") var capacity = false
    @OptionGroup var search: CapacityOptions

    /// What --frame-bytes says, or its default for the mode.
    private var frameSize: Int { frameBytes ?? (capacity ? 100 : 70) }

    func validate() throws {
        guard (1...5_000).contains(connections) else { throw ValidationError("--connections must be 1–5000") }
        guard (2...125).contains(frameSize) else { throw ValidationError("--frame-bytes must be 2–125 (a one-byte length header)") }
        if capacity {
            guard throughNio else { throw ValidationError("--capacity needs --through-nio: it searches the NIO floor") }
            guard nioReaders == nil else { throw ValidationError("--capacity reads with one NIO loop on --load-cpu; drop --nio-readers") }
            guard frameSize >= LatencyFrame.leastBytes else { throw ValidationError("--frame-bytes must be \(LatencyFrame.leastBytes)–125 with --capacity: the payload starts with an 8-byte send time") }
            try search.validateSearch()
        }
        guard !(wokenByInput || throughNio) || pause >= groups else { throw ValidationError("--woken-by-input and --through-nio need a --pause of at least 1 µs per group: the writer waits for a frame per group") }
        if let nioReaders {
            guard throughNio else { throw ValidationError("--nio-readers needs --through-nio") }
            guard (1...16).contains(nioReaders) else { throw ValidationError("--nio-readers must be 1–16") }
        }
        guard (1...connections).contains(groups) else { throw ValidationError("--groups must be 1–\(connections) (at most one group per connection)") }
    }

    func run() throws {
        if capacity {
            try CapacitySearch(options: search, frameBytes: frameSize).run()
            return
        }
        if throughNio {
            let frame = Self.frame(bytes: frameSize)
            let outcome = try NIOFanOut.run(
                connections: connections, groups: groups, gapMicroseconds: UInt32(pause / groups), frame: frame, seconds: seconds,
                readerLoops: nioReaders)
            report(mode: "through NIO, woken by input" + (nioReaders.map { ", read by \($0) NIO loop(s)" } ?? ""), writes: outcome.writes, cpu: outcome.cpuSeconds, wall: seconds)
            return
        }
        let pairs = try LoopbackPairs(count: connections)
        let pacer = wokenByInput ? try InboundPacer() : nil
        let drain = Thread { pairs.readUntilClosed() }
        drain.start()
        var frame = Self.frame(bytes: frameSize)
        let started = Date()
        let cpuBefore = ThreadCPUTime.seconds()
        var writes = 0
        let groupGap = UInt32(pause / groups)
        let connections = connections, groups = groups
        func writeGroup(_ group: Int, _ vector: inout iovec) {
            for socket in pairs.writers[group * connections / groups..<(group + 1) * connections / groups] {
                _ = writev(socket, &vector, 1)
                writes += 1
            }
        }
        if let pacer {
            let deadline = started.addingTimeInterval(seconds)
            let inbound = frame
            let pacing = Thread { pacer.send(frame: inbound, everyMicroseconds: groupGap) { Date() >= deadline } }
            pacing.start()
            var received = [UInt8](repeating: 0, count: 4_096)
            frame.withUnsafeMutableBytes { bytes in
                var vector = iovec(iov_base: bytes.baseAddress, iov_len: bytes.count)
                var group = 0
                while pacer.awaitFrame(into: &received) {
                    writeGroup(group, &vector)
                    group = (group + 1) % groups
                }
            }
            pacer.close()
        } else {
            frame.withUnsafeMutableBytes { bytes in
                var vector = iovec(iov_base: bytes.baseAddress, iov_len: bytes.count)
                while Date().timeIntervalSince(started) < seconds {
                    for group in 0..<groups {
                        writeGroup(group, &vector)
                        if groupGap > 0 { usleep(groupGap) }
                    }
                }
            }
        }
        let cpu = ThreadCPUTime.seconds() - cpuBefore
        let wall = Date().timeIntervalSince(started)
        pairs.close()
        report(mode: wokenByInput ? "woken by input" : "timer-paced", writes: writes, cpu: cpu, wall: wall)
    }

    /// A final text frame of `bytes` bytes in all (a one-byte length), as small as a stroke's.
    private static func frame(bytes: Int) -> [UInt8] {
        var frame = [UInt8](repeating: 0x78, count: bytes)
        frame[0] = 0x81
        frame[1] = UInt8(bytes - 2)
        return frame
    }

    private func report(mode: String, writes: Int, cpu: Double, wall: Double) {
        let perWrite = cpu / Double(writes) * 1e6
        writeFigures((
            "connections \(connections) in \(groups) group(s), pause \(pause) µs, \(mode), frame \(frameSize) B: \(writes) writes in \(String(format: "%.1f", wall)) s ("
                + "\(Int(Double(writes) / wall))/s); writer CPU \(String(format: "%.2f", cpu)) s = \(String(format: "%.2f", perWrite)) µs per write, "
                + "\(Int(Double(writes) / cpu)) writes per CPU second\n"))
    }
}
