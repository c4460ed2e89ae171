import NIOCore
import NIOWebSocket
import Synchronization

/// When a connection last sent anything, pongs included.
final class ConnectionActivity: Sendable {
    private let lastMillis: Atomic<Int64>

    init(now: Int64) {
        lastMillis = Atomic(now)
    }

    func touch(now: Int64) {
        lastMillis.store(now, ordering: .relaxed)
    }

    var last: Int64 { lastMillis.load(ordering: .relaxed) }
}

/// Sits after the WebSocket frame decoder and notes every inbound frame. The WebSocket library
/// answers pings and consumes pongs itself, and the contract counts pongs as traffic, so this
/// is the one place that sees them.
final class ActivityObserver: ChannelInboundHandler, Sendable {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = WebSocketFrame

    let activity: ConnectionActivity
    let clock: any GameClock

    init(activity: ConnectionActivity, clock: any GameClock) {
        self.activity = activity
        self.clock = clock
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        activity.touch(now: clock.nowMillis())
        context.fireChannelRead(data)
    }
}
