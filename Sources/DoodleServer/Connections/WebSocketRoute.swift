import DoodleCore
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOWebSocket

/// `GET /v1/ws`: one session per connection. Two child tasks: the reader feeds the session, the
/// closer sends the close frame once the outbound queue has ended. Frames need no task (the
/// queue writes them on the channel's event loop) and pings come from the shared `Heartbeat`.
struct WebSocketRoute {
    let context: ServerContext

    func register(on router: Router<DoodleRequestContext>) {
        router.ws("/v1/ws") { inbound, outbound, wsContext in
            await serve(inbound: inbound, outbound: outbound, channel: wsContext.requestContext.channel)
        }
    }

    private func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, channel: any Channel) async {
        let sink = await FrameSink.install(on: channel)
        let queue = OutboundQueue(limit: context.rules.limits.outboundBufferFrames, eventLoop: channel.eventLoop, sink: sink)
        let activity = ConnectionActivity(now: context.clock.nowMillis())
        await observeActivity(on: channel, activity: activity)
        context.connections.add(queue, activity: activity)
        context.metrics.connectionsChanged(context.connections.count)
        defer {
            context.connections.remove(queue)
            context.metrics.connectionsChanged(context.connections.count)
        }
        let session = ClientSession(context: context, queue: queue, activity: activity)
        let maxFrameBytes = context.rules.limits.maxFrameBytes
        let logger = context.logger
        await withTaskGroup(of: ConnectionTask.self) { group in
            group.addTask {
                await Self.read(inbound, maxFrameBytes: maxFrameBytes, session: session, queue: queue, logger: logger)
                return .reader
            }
            group.addTask {
                await Self.close(queue: queue, outbound: outbound, logger: logger)
                return .closer
            }
            var readerDone = false
            var closerDone = false
            while let finished = await group.next() {
                switch finished {
                case .reader:
                    // The client is gone or misbehaved: let what is queued go out, then stop.
                    readerDone = true
                    queue.finish()
                case .closer:
                    // We sent a close; give the client a while to answer before dropping it.
                    closerDone = true
                    if !readerDone {
                        group.addTask {
                            try? await Task.sleep(for: .seconds(10))
                            return .closeTimeout
                        }
                    }
                case .closeTimeout:
                    group.cancelAll()
                }
                if readerDone && closerDone { group.cancelAll() }
            }
        }
    }

    private enum ConnectionTask {
        case reader, closer, closeTimeout
    }

    /// Feeds frames to the session in order until the client closes, the session ends the
    /// connection, or reading fails; then releases the session's seat for the grace period.
    private static func read(
        _ inbound: WebSocketInboundStream, maxFrameBytes: Int, session: consuming ClientSession, queue: OutboundQueue, logger: Logger
    ) async {
        var session = session
        do {
            var frames = inbound.messages(maxSize: maxFrameBytes).makeAsyncIterator()
            while let message = try await frames.next() {
                let keepGoing: Bool
                switch message {
                case .text(let text): keepGoing = await session.receive(text: text)
                case .binary: keepGoing = session.receiveBinary()
                }
                if !keepGoing { break }
            }
        } catch let error as NIOWebSocketError where error == .invalidFrameLength {
            queue.close(.frameTooLarge, reason: "frames are limited to \(maxFrameBytes) bytes")
        } catch {
            logger.debug("connection read ended", metadata: ["error": "\(error)"])
            if String(describing: error).contains("messageTooLarge") {
                queue.close(.frameTooLarge, reason: "messages are limited to \(maxFrameBytes) bytes")
            }
        }
        await session.ended()
    }

    /// Puts an observer after the frame decoder so pongs count as traffic; without it (should
    /// the pipeline differ) only data frames do.
    private func observeActivity(on channel: any Channel, activity: ConnectionActivity) async {
        let observer = ActivityObserver(activity: activity, clock: context.clock)
        do {
            try await channel.eventLoop.submit {
                let pipeline = channel.pipeline.syncOperations
                let decoder = try pipeline.handler(type: ByteToMessageHandler<WebSocketFrameDecoder>.self)
                try pipeline.addHandler(observer, position: .after(decoder))
            }.get()
        } catch {
            context.logger.debug("pong observer not installed", metadata: ["error": "\(error)"])
        }
    }

    /// Waits until the connection is closing and what was queued before has been written, then
    /// sends the close frame through the WebSocket library (so that it knows we are closing and
    /// waits for the client's answer). Frames themselves go straight from the queue to the channel.
    private static func close(queue: OutboundQueue, outbound: WebSocketOutboundWriter, logger: Logger) async {
        switch await queue.ended() {
        case .close(let code, let reason):
            do {
                try await outbound.close(WebSocketErrorCode(codeNumber: code.rawValue), reason: reason)
            } catch {
                logger.debug("connection close failed", metadata: ["error": "\(error)"])
            }
        case .finish:
            return
        }
    }
}
