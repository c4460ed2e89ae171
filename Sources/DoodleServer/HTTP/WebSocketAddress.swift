import Hummingbird

/// Where a client connects for a room hosted here: this node's public address in a cluster,
/// else the address the client reached this server by.
struct WebSocketAddress: Sendable {
    /// Whether clients reach this server over TLS (`wss://`).
    let secure: Bool
    let cluster: ClusterMembership

    func url(answering request: Request) async -> String {
        if cluster.isClustered, let url = await cluster.url { return url }
        return "\(secure ? "wss" : "ws")://\(request.head.authority ?? "localhost")\(GameServerChannel.webSocketPath)"
    }
}
