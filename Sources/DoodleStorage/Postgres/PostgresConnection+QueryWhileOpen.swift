import Logging
import NIOCore
import PostgresNIO

extension PostgresConnection {
    /// Runs `query` and collects its whole result, on the connection's own event loop and only
    /// while its channel is still active; a connection already closed fails with
    /// `ChannelError.ioOnClosedChannel` (an outage), as NIO fails a write to a closed channel.
    ///
    /// Why not `query` itself: it writes the statement into the channel with no write promise,
    /// and the statement's answer is promised only by the connection's state machine
    /// (`PostgresChannelHandler.write` → `ConnectionStateMachine.enqueue`), which fails it once
    /// the connection closes. But a channel that has closed removes that handler from its
    /// pipeline a moment later (NIO's `BaseSocketChannel.close0`), and a statement written after
    /// that is dropped by the pipeline: its answer never comes, not from closing the connection
    /// (closed already), nor from cancelling the task (`query` has no cancellation handler). The
    /// server ending connections under the archive writer hit that gap, and the writer waited for
    /// good. On the event loop, "still active" and "handed to the state machine" happen with
    /// nothing between.
    func queryWhileOpen(_ query: PostgresQuery, logger: Logger) -> EventLoopFuture<PostgresQueryResult> {
        eventLoop.flatSubmit {
            guard !self.isClosed else {
                return self.eventLoop.makeFailedFuture(ChannelError.ioOnClosedChannel)
            }
            return self.query(query, logger: logger)
        }
    }
}
