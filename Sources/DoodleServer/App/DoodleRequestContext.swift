import Hummingbird
import NIOCore

/// The request context of every route; it keeps the channel, whose remote address the
/// per-address rate limits use.
struct DoodleRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}
