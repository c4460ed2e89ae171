import DoodleCore
import DoodleStorage
import Logging

/// Pair calls this node hands to the node hosting the pair's room, each waiting for its answer
/// until a deadline. The host runs the call on its room (the room stays the only writer of its
/// pair) and signals the answer back. A host that is dead but whose lease has not yet run out
/// answers nothing: at the deadline the caller gets ``PairActionError/hostUnreachable(retryAfterSeconds:)``,
/// with the time after which the lease is sure to have run out and the next node can host the
/// room.
actor PairForwarding {
    /// A live host answers within milliseconds, and what it is handed reaches the room at once
    /// (the contract's bound is 1 s); the caller waits longer than that before it takes the host
    /// for dead, so that a busy host is not mistaken for one: one renewal interval.
    static let defaultTimeoutMilliseconds: Int64 = DirectoryLease.defaultRenewalMilliseconds

    private let nodeID: String
    private let signals: any ClusterSignals
    private let clock: any GameClock
    /// How long a call waits for the host's answer.
    private let timeoutMilliseconds: Int64
    /// When the host's lease is sure to be gone, counted from a missed answer.
    private let retryAfterSeconds: Int
    private let logger: Logger
    private var nextCallID: UInt64 = 1
    private var waiting: [UInt64: CheckedContinuation<PairCallAnswer, Never>] = [:]
    /// Answers (or expiries) that came before their caller began to wait.
    private var early: [UInt64: PairCallAnswer] = [:]
    /// Calls whose caller has no answer yet: later answers to any other are dropped.
    private var open: Set<UInt64> = []

    init(nodeID: String, signals: any ClusterSignals, clock: any GameClock, timeoutMilliseconds: Int64, retryAfterSeconds: Int, logger: Logger) {
        self.nodeID = nodeID
        self.signals = signals
        self.clock = clock
        self.timeoutMilliseconds = timeoutMilliseconds
        self.retryAfterSeconds = retryAfterSeconds
        self.logger = logger
    }

    /// Runs `call` on the node with `hostID` and returns its answer, or a refusal with
    /// `Retry-After` when none comes in time.
    func call(_ call: PairCall, on hostID: String) async -> PairCallAnswer {
        let callID = nextCallID
        nextCallID += 1
        open.insert(callID)
        defer {
            open.remove(callID)
            early[callID] = nil
        }
        let deadline = clock.nowMillis() + timeoutMilliseconds
        let unreachable = PairCallAnswer.failed(.hostUnreachable(retryAfterSeconds: retryAfterSeconds))
        return await withTaskGroup(of: Void.self) { group in
            group.addTask { [clock, signals, nodeID, logger] in
                do {
                    try await signals.send(ClusterSignal(.pairCall(callID: callID, from: nodeID, call: call)), to: hostID)
                } catch {
                    logger.error("signalling a pair call failed", metadata: ["node": "\(hostID)", "error": "\(error)"])
                    return await self.answered(callID, unreachable)
                }
                do {
                    try await clock.sleep(untilMillis: deadline)
                } catch {
                    return
                }
                await self.answered(callID, unreachable)
            }
            let answer = await withCheckedContinuation { continuation in
                if let answer = early.removeValue(forKey: callID) {
                    continuation.resume(returning: answer)
                } else {
                    waiting[callID] = continuation
                }
            }
            group.cancelAll()
            if answer == unreachable {
                logger.warning("the node hosting a pair room did not answer in time", metadata: ["node": "\(hostID)"])
            }
            return answer
        }
    }

    /// The answer to the call `callID`, from its host or its deadline, whichever comes first.
    func answered(_ callID: UInt64, _ answer: PairCallAnswer) {
        guard open.contains(callID) else { return }
        if let continuation = waiting.removeValue(forKey: callID) {
            continuation.resume(returning: answer)
        } else if early[callID] == nil {
            // Its caller has not begun to wait yet.
            early[callID] = answer
        }
    }

    /// How many calls wait for an answer (for tests).
    var waitingCount: Int { waiting.count }
}
