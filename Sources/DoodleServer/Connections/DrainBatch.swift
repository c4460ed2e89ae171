import NIOCore

/// The connections a room's frames were just queued for that need a drain, gathered by event
/// loop, so that one event-loop job per loop drains them all instead of one job per connection.
///
/// A room sends each stroke to every member; with a job per member, every member on another
/// loop cost a wake-up of that loop (an `eventfd` write) and every member a closure. Gathered,
/// a stroke costs one job per loop however many members it reaches. Each queue still drains on
/// its own loop, in the order its frames were queued.
///
/// Whoever fills a batch must `schedule()` it: a queue in it has promised its frames a drain.
struct DrainBatch {
    private var loops: [(loop: any EventLoop, queues: [OutboundQueue])] = []

    mutating func add(_ queue: OutboundQueue) {
        if let index = loops.firstIndex(where: { $0.loop === queue.eventLoop }) {
            loops[index].queues.append(queue)
        } else {
            loops.append((queue.eventLoop, [queue]))
        }
    }

    /// One job per event loop, draining its queues in the order they were added.
    func schedule() {
        for (loop, queues) in loops {
            loop.execute {
                guard let first = queues.first else { return }
                let now = first.clock.nowMillis()
                for queue in queues { queue.drainNow(now: now) }
            }
        }
    }
}
