import Foundation
import Glibc
import Synchronization

/// When each trigger falls due: every group `rate` times a second, group g of G first at g/G of
/// the period, so the groups are spread evenly over it and out of phase, as independent rooms'
/// drawers are. Trigger i is group i mod G's (i / G)-th, so the triggers are in time order.
struct TriggerSchedule: Sendable {
    let groups: Int
    let periodNanoseconds: UInt64
    let start: UInt64

    init(groups: Int, rate: Int, start: UInt64) {
        self.groups = groups
        periodNanoseconds = 1_000_000_000 / UInt64(rate)
        self.start = start
    }

    func group(of trigger: Int) -> Int { trigger % groups }

    func due(_ trigger: Int) -> UInt64 {
        let round = UInt64(trigger / groups)
        let offset = UInt64(trigger % groups) * periodNanoseconds / UInt64(groups)
        return start + round * periodNanoseconds + offset
    }
}

/// The drawers: a thread of its own, pinned to the load CPU, that sleeps until the next trigger
/// is due and sends every trigger that is on a loopback connection to the fan-out: one
/// connection for every group (several triggers in one write when it is behind), or, given a
/// connection per group, each on its group's, as each room's drawer sends on its own socket.
/// It keeps count of what it sent and of how late it ran, so a step where the generator, not
/// the floor, fell behind does not pass.
final class TriggerPacer: Sendable {
    struct PacerError: Error, CustomStringConvertible {
        let description: String
    }

    /// One connection for every group, or group g's at g.
    private let sockets: [Int32]
    private let schedule: TriggerSchedule
    private let thread: PinnedThread
    private let sentCount = Atomic<Int>(0)
    private let worstLateness = Atomic<UInt64>(0)
    private let failure = Mutex<String?>(nil)

    /// Most triggers in one write when it has fallen behind: it writes the rest next.
    private static let batchLimit = 4_096

    /// `sockets`: one for every group, or one per group, group g's at g.
    init(sockets: [Int32], schedule: TriggerSchedule, cpu: Int) {
        precondition(sockets.count == 1 || sockets.count == schedule.groups, "one trigger connection, or one per group")
        self.sockets = sockets
        self.schedule = schedule
        thread = PinnedThread(cpu: cpu, name: "trigger pacer")
    }

    /// Starts the thread and returns once it is pinned and pacing.
    func start() throws {
        try thread.start { self.run() }
    }

    /// Triggers sent so far.
    var sent: Int { sentCount.load(ordering: .relaxed) }

    /// The most a wake-up has come after its trigger was due since the last call, ns; starts
    /// the next interval at 0.
    func takeLateness() -> UInt64 {
        worstLateness.exchange(0, ordering: .relaxed)
    }

    /// Stops the pacing, waits for the thread to end and returns the triggers it sent.
    func stop() throws -> Int {
        thread.stop()
        try checkFailures()
        return sent
    }

    private func checkFailures() throws {
        if let failure = failure.withLock({ $0 }) { throw PacerError(description: "the trigger pacer stopped: \(failure)") }
    }

    private func run() {
        // What is due for each connection, and the connections that have something, in order.
        var records = Array(repeating: [UInt8](), count: sockets.count)
        var waiting: [Int] = []
        var next = 0
        while !thread.isStopRequested {
            let due = schedule.due(next)
            if MonotonicClock.nanoseconds() < due { MonotonicClock.sleep(until: due) }
            let now = MonotonicClock.nanoseconds()
            worstLateness.raise(to: now > due ? now - due : 0)
            var batch = 0
            while batch < Self.batchLimit, schedule.due(next) <= now {
                let group = schedule.group(of: next)
                let connection = sockets.count == 1 ? 0 : group
                if records[connection].isEmpty { waiting.append(connection) }
                TriggerRecord(group: UInt32(group), sentAt: now).append(to: &records[connection])
                next += 1
                batch += 1
            }
            for connection in waiting {
                guard sendAll(records[connection], on: sockets[connection]) else { return }
                records[connection].removeAll(keepingCapacity: true)
            }
            waiting.removeAll(keepingCapacity: true)
            sentCount.add(batch, ordering: .relaxed)
        }
    }

    /// Blocks until every byte is sent: if the fan-out reads too slowly for that, the pacer
    /// falls behind and its lateness says so.
    private func sendAll(_ bytes: [UInt8], on socket: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.send(socket, buffer.baseAddress.map { $0 + offset }, buffer.count - offset, Int32(MSG_NOSIGNAL))
                if count < 0 {
                    if errno == EINTR { continue }
                    let code = errno
                    failure.withLock { $0 = "send failed: \(String(cString: strerror(code)))" }
                    return false
                }
                offset += count
            }
            return true
        }
    }
}
