import DoodleCore
import Logging
import NIOCore
import Synchronization

/// One of the drawing load's rooms over the run. Without a lifetime it is one room that plays
/// until the run stops; with one, each room ends when its time is up (its players leave) and a
/// new room, with new players, takes its place, until the run stops: rooms start and end.
///
/// The slot's first room is met part way through its life: it plays a random share of its
/// lifetime. So rooms end and start at the rate of a server that has been running from the
/// first window on (rooms divided by the mean lifetime), rather than all together after one
/// lifetime.
struct RoomSlot: Sendable {
    let configuration: DrawingLoad.Configuration
    let rooms: RoomHandles
    let clock: LoadClock
    let stop: StopSignal
    /// The lean generator's event loops (``LeanRoom``); nil: rooms on `DoodleClient` (``RoomDriver``).
    let leanGroup: (any EventLoopGroup)?
    let logger: Logger

    /// `report` hears how the first room's setup went; later rooms' failures go to `rooms`.
    func run(report: @escaping @Sendable (RoomSetupOutcome) -> Void) async {
        var first = true
        while !stop.isStopping {
            let handle = rooms.open(players: configuration.playersPerRoom)
            let setUp = SetupFlag()
            let isFirst = first
            let outcome: @Sendable (RoomSetupOutcome) -> Void = { [rooms] outcome in
                if case .ready = outcome { setUp.succeeded.store(true, ordering: .relaxed) }
                if isFirst {
                    report(outcome)
                } else if case .failed(let index, let reason) = outcome {
                    rooms.recordFailure("room \(index): \(reason)")
                }
            }
            if let leanGroup {
                await LeanRoom(
                    target: configuration.target, handle: handle, plan: configuration.plan, turnLength: configuration.turnLength, clock: clock,
                    stop: stop, life: life(of: handle, first: isFirst), group: leanGroup, logger: logger
                ).run(report: outcome)
            } else {
                await RoomDriver(
                    target: configuration.target, handle: handle, plan: configuration.plan, clock: clock, stop: stop,
                    hostLeaves: configuration.hostLeaves, life: life(of: handle, first: isFirst), logger: logger
                ).run(report: outcome)
            }
            first = false
            // A room that could not be set up is not tried again: the failure is the finding.
            guard configuration.roomLifetime != nil, setUp.succeeded.load(ordering: .relaxed) else { return }
        }
    }

    private func life(of handle: RoomHandle, first: Bool) -> RoomLife {
        var random = SeededRandom(seed: UInt64(handle.index) &* 0x9E37_79B9)
        let share = first ? Double.random(in: 0...1, using: &random) : 1
        return RoomLife(
            // The golden ratio's fraction spreads any number of rooms evenly over the period.
            phase: configuration.phase == .spread ? (Double(handle.index) * 0.618_033_988_75).truncatingRemainder(dividingBy: 1) : 0,
            // Half to one and a half of the mean, so that rooms do not all end together.
            lifetime: configuration.roomLifetime.map { $0 * Double.random(in: 0.5...1.5, using: &random) * share },
            guessInterval: configuration.guessInterval, drain: configuration.drain)
    }

    private final class SetupFlag: Sendable {
        let succeeded = Atomic<Bool>(false)
    }
}
