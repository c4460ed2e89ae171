import NIOCore
import NIOPosix
import Synchronization

/// The buffer between the socket reader and the connection's readers.
///
/// The socket side appends frames and finally the closure; readers take frames in order. A
/// reader that finds nothing waits for a change (a new frame, or the closure) until a deadline.
/// Frames only ever leave the buffer inside `take`, in the reading task itself, so a timeout or a
/// cancellation never loses one.
final class FrameInbox: Sendable {
    /// What a reader gets from the buffer right now.
    enum Take {
        case frame(ServerFrame)
        case closed(ConnectionClosure)
        /// Nothing yet; wait for a change after this version.
        case empty(version: UInt64)
    }

    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Void, Never>
        /// The timeout, cancelled when something else resumes the waiter.
        var timer: Scheduled<Void>?
    }

    private struct State {
        var frames: [ServerFrame] = []
        var head = 0
        var closure: ConnectionClosure?
        var clientClosing = false
        /// Bumped by every append and by the closure; a waiter registered for an older version
        /// resumes at once.
        var version: UInt64 = 0
        var waiters: [Waiter] = []
        var nextWaiterID: UInt64 = 0
        var transcript: [String]?

        mutating func take() -> Take {
            if head < frames.count {
                let frame = frames[head]
                head += 1
                if head == frames.count {
                    frames.removeAll(keepingCapacity: true)
                    head = 0
                } else if head >= 1024, head * 2 >= frames.count {
                    frames.removeFirst(head)
                    head = 0
                }
                return .frame(frame)
            }
            if let closure { return .closed(closure) }
            return .empty(version: version)
        }

        mutating func takeAll() -> [ServerFrame] {
            let pending = Array(frames[head...])
            frames.removeAll(keepingCapacity: true)
            head = 0
            return pending
        }

        /// Records a change and hands back every waiter to resume.
        mutating func changed() -> [Waiter] {
            version &+= 1
            defer { waiters.removeAll() }
            return waiters
        }
    }

    private let state: Mutex<State>

    init(recordsTranscript: Bool) {
        state = Mutex(State(transcript: recordsTranscript ? [] : nil))
    }

    // MARK: Socket side

    func deliver(_ frame: ServerFrame) {
        let waiters = state.withLock { state -> [Waiter] in
            guard state.closure == nil else { return [] }
            state.frames.append(frame)
            state.transcript?.append(frame.text)
            return state.changed()
        }
        for waiter in waiters {
            waiter.timer?.cancel()
            waiter.continuation.resume()
        }
    }

    /// Records how the connection ended; only the first call counts.
    func finish(_ closure: ConnectionClosure) {
        let waiters = state.withLock { state -> [Waiter] in
            guard state.closure == nil else { return [] }
            var closure = closure
            closure.initiatedByClient = closure.initiatedByClient || state.clientClosing
            state.closure = closure
            return state.changed()
        }
        for waiter in waiters {
            waiter.timer?.cancel()
            waiter.continuation.resume()
        }
    }

    /// Notes that this client is starting the closing handshake; returns false if it already had
    /// or the connection has ended.
    func beginClientClose() -> Bool {
        state.withLock { state in
            guard !state.clientClosing, state.closure == nil else { return false }
            state.clientClosing = true
            return true
        }
    }

    // MARK: Reader side

    var closure: ConnectionClosure? { state.withLock { $0.closure } }

    var transcript: [String] { state.withLock { $0.transcript ?? [] } }

    func take() -> Take { state.withLock { $0.take() } }

    func takeAll() -> [ServerFrame] { state.withLock { $0.takeAll() } }

    /// Waits until something changes after `version`, the deadline passes, or the task is cancelled.
    ///
    /// The deadline is a timer on NIO's shared event loops, not a sleeping child task: a reader
    /// that waits once per frame would otherwise pay two task creations per frame.
    func waitForChange(after version: UInt64, until deadline: ContinuousClock.Instant) async {
        let id = state.withLock { state in
            state.nextWaiterID &+= 1
            return state.nextWaiterID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state in
                    // Checked under the lock: a cancellation handler that ran before this found
                    // no waiter to resume, so this is the place to notice it.
                    if state.version != version || Task.isCancelled { return true }
                    state.waiters.append(Waiter(id: id, continuation: continuation, timer: nil))
                    return false
                }
                if resumeNow { return continuation.resume() }
                let delay = ContinuousClock.now.duration(to: deadline)
                let nanoseconds = max(0, delay.components.seconds * 1_000_000_000 + delay.components.attoseconds / 1_000_000_000)
                let timer = Self.timers.next().scheduleTask(in: .nanoseconds(nanoseconds)) { self.resume(waiter: id) }
                let stillWaiting = state.withLock { state in
                    guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return false }
                    state.waiters[index].timer = timer
                    return true
                }
                if !stillWaiting { timer.cancel() }
            }
        } onCancel: {
            resume(waiter: id)
        }
    }

    private static let timers: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton

    /// Resumes one waiter (timeout or cancellation), if it is still waiting.
    private func resume(waiter id: UInt64) {
        let waiter = state.withLock { state -> Waiter? in
            guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
            return state.waiters.remove(at: index)
        }
        waiter?.timer?.cancel()
        waiter?.continuation.resume()
    }
}
