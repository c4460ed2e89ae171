import DoodleCore
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOWebSocket

/// `GET /v1/ws`: one session per connection. Three child tasks: the reader feeds the session,
/// the writer drains the outbound queue, the heartbeat pings and closes idle connections.
struct WebSocketRoute {
    let context: ServerContext

    func register(on router: Router<DoodleRequestContext>) {
        router.ws("/v1/ws") { inbound, outbound, wsContext in
            await serve(inbound: inbound, outbound: outbound, channel: wsContext.requestContext.channel)
        }
    }

    private func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, channel: any Channel) async {
        let queue = OutboundQueue(limit: context.rules.limits.outboundBufferFrames)
        let activity = ConnectionActivity(now: context.clock.nowMillis())
        await observeActivity(on: channel, activity: activity)
        context.connections.add(queue)
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
                await Self.write(queue: queue, to: outbound, logger: logger)
                return .writer
            }
            group.addTask { [context] in
                await Self.heartbeat(queue: queue, activity: activity, context: context)
                return .heartbeat
            }
            var readerDone = false
            var writerDone = false
            while let finished = await group.next() {
                switch finished {
                case .reader:
                    // The client is gone or misbehaved: let the writer send what is queued, then stop.
                    readerDone = true
                    queue.finish()
                case .writer:
                    // We sent a close; give the client a while to answer before dropping it.
                    writerDone = true
                    if !readerDone {
                        group.addTask {
                            try? await Task.sleep(for: .seconds(10))
                            return .closeTimeout
                        }
                    }
                case .closeTimeout:
                    group.cancelAll()
                case .heartbeat:
                    break
                }
                if readerDone && writerDone { group.cancelAll() }
            }
        }
    }

    private enum ConnectionTask {
        case reader, writer, heartbeat, closeTimeout
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
                case .text(let text): keepGoing = await session.receive(text: ByteBuffer(string: text))
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

    private static func write(queue: OutboundQueue, to outbound: WebSocketOutboundWriter, logger: Logger) async {
        do {
            for await item in queue.stream {
                switch item {
                case .frame(let bytes):
                    try await outbound.write(.custom(WebSocketFrame(fin: true, opcode: .text, data: bytes)))
                    queue.didWrite()
                case .ping:
                    try await outbound.write(.custom(WebSocketFrame(fin: true, opcode: .ping, data: ByteBuffer())))
                case .close(let code, let reason):
                    try await outbound.close(WebSocketErrorCode(codeNumber: code.rawValue), reason: reason)
                    return
                }
            }
        } catch {
            logger.debug("connection write ended", metadata: ["error": "\(error)"])
        }
    }

    /// Pings every `pingIntervalSeconds`; closes with 4003 after `idleTimeoutSeconds` without
    /// any inbound frame.
    private static func heartbeat(queue: OutboundQueue, activity: ConnectionActivity, context: ServerContext) async {
        let interval = Int64(context.rules.timing.pingIntervalSeconds) * 1000
        let idleLimit = Int64(context.rules.timing.idleTimeoutSeconds) * 1000
        var nextPing = context.clock.nowMillis() + interval
        while !queue.isClosing {
            let now = context.clock.nowMillis()
            let idleDeadline = activity.last + idleLimit
            if now >= idleDeadline {
                queue.close(.idle, reason: "no traffic for \(context.rules.timing.idleTimeoutSeconds) s")
                return
            }
            if now >= nextPing {
                queue.ping()
                nextPing = now + interval
            }
            do {
                try await context.clock.sleep(untilMillis: min(nextPing, idleDeadline))
            } catch {
                return
            }
        }
    }
}
