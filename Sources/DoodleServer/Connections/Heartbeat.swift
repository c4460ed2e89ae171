import DoodleCore
import ServiceLifecycle

/// Pings every open connection every `pingIntervalSeconds`, closes (4003) those from which
/// nothing has arrived for `idleTimeoutSeconds`, and aborts (1013) those whose client has taken
/// nothing of a sizeable backlog for `outboundStallSeconds`.
///
/// One ticker for the whole server rather than a task per connection: an idle connection then
/// costs no task, no stack of async frames and no timer of its own. The idle check runs every
/// second, so a silent client is closed at most a second late.
struct Heartbeat: Service {
    let connections: LiveConnections
    let timing: TimingRules
    let clock: any GameClock

    func run() async throws {
        let interval = Int64(timing.pingIntervalSeconds) * 1000
        let idleLimit = Int64(timing.idleTimeoutSeconds) * 1000
        var nextPing = clock.nowMillis() + interval
        var nextCheck = clock.nowMillis() + 1000
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            do {
                // Shutdown must not wait up to a second for the next check.
                try await cancelWhenGracefulShutdown { [clock, nextCheck] in try await clock.sleep(untilMillis: nextCheck) }
            } catch {
                return
            }
            let now = clock.nowMillis()
            nextCheck = now + 1000
            let pinging = now >= nextPing
            if pinging { nextPing = now + interval }
            for entry in connections.all {
                if !entry.queue.isClosing {
                    if now - entry.activity.last >= idleLimit {
                        // Silent this long, it will not answer a close either: do not wait for it.
                        entry.queue.abort(.idle, reason: "no traffic for \(timing.idleTimeoutSeconds) s")
                    } else if pinging {
                        entry.queue.ping()
                    }
                }
                // A close waiting behind what a client never reads stalls too.
                entry.queue.abortIfStalled(now: now)
            }
        }
    }
}
