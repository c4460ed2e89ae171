import Logging
import ServiceLifecycle

/// Runs the connections' message handling as child tasks of one task group, so that every
/// handling task is structured under the server and shutdown waits for the last of them.
///
/// It is stopped after the HTTP server, which waits for every connection to close; the
/// messages and disconnections already posted by then are still handled before it returns.
final class SessionRunner: Service, Sendable {
    private let inboxes: AsyncStream<SessionInbox>
    private let continuation: AsyncStream<SessionInbox>.Continuation
    private let logger: Logger

    init(logger: Logger) {
        (inboxes, continuation) = AsyncStream.makeStream()
        self.logger = logger
    }

    /// Starts a task that drains `inbox`.
    func schedule(_ inbox: SessionInbox) {
        if case .terminated = continuation.yield(inbox) {
            logger.debug("a connection's messages arrived after shutdown and were dropped")
        }
    }

    func run() async {
        await withGracefulShutdownHandler {
            await withDiscardingTaskGroup { group in
                for await inbox in inboxes {
                    group.addTask { await inbox.drain() }
                }
            }
        } onGracefulShutdown: { [continuation] in
            continuation.finish()
        }
    }
}
