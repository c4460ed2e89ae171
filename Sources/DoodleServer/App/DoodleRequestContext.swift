import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The request context of every route. It keeps the channel so the WebSocket route can put
/// its activity observer into the pipeline.
struct DoodleRequestContext: RequestContext, WebSocketRequestContext {
    var coreContext: CoreRequestContextStorage
    let webSocket: WebSocketHandlerReference<Self>
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        channel = source.channel
    }
}
