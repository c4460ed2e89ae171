import DoodleCore
import NIOCore

/// Turns an upgraded channel into a game connection: its outbound queue and wire writer, its
/// session and inbox, and the handler that feeds them. Runs on the channel's event loop.
struct GameConnectionFactory: Sendable {
    let context: ServerContext
    let runner: SessionRunner

    func start(on channel: any Channel) throws {
        let context = self.context
        let queue = OutboundQueue(
            limits: OutboundBacklog.Limits(rules: context.rules), budget: context.outbound, clock: context.clock,
            eventLoop: channel.eventLoop, sink: try FrameSink.installNow(on: channel))
        let activity = ConnectionActivity(now: context.clock.nowMillis())
        let session = ClientSession(context: context, queue: queue)
        let handler = GameConnectionHandler(
            inbox: SessionInbox(
                session: session, runner: runner,
                switchReading: { reading in channel.setOption(ChannelOptions.autoRead, value: reading).whenFailure { _ in } }),
            queue: queue, activity: activity, clock: context.clock,
            maxMessageBytes: context.rules.limits.maxFrameBytes,
            onClosed: {
                context.connections.remove(queue)
                context.metrics.connectionsChanged(context.connections.count)
            })
        try channel.pipeline.syncOperations.addHandler(handler)
        let boundHandler = NIOLoopBound(handler, eventLoop: channel.eventLoop)
        queue.whenEnded { ending in
            channel.eventLoop.execute { boundHandler.value.outboundEnded(ending) }
        }
        context.connections.add(queue, activity: activity)
        context.metrics.connectionsChanged(context.connections.count)
    }
}
