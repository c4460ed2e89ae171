import Synchronization

/// Tells drawers to stop and receivers how long they may still wait for what was sent.
final class StopSignal: Sendable {
    /// 0 while running; then the `LoadClock` time after which receivers give up draining.
    private let drainDeadline = Atomic<UInt64>(0)

    var isStopping: Bool { drainDeadline.load(ordering: .relaxed) != 0 }

    func stop(drainUntil deadline: UInt64) {
        drainDeadline.store(max(deadline, 1), ordering: .relaxed)
    }

    func drainExpired(now: UInt64) -> Bool {
        let deadline = drainDeadline.load(ordering: .relaxed)
        return deadline != 0 && now > deadline
    }
}
