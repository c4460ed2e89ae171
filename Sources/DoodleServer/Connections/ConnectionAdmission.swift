import NIOCore
import NIOHTTP1
import Synchronization

/// Open WebSocket connections per client address, at most `limit` each
/// (`limits.connectionsPerAddress`): one address cannot hold the server's connections, and
/// behind `--trusted-proxies` the address is the client's, not the proxy's. A place is taken
/// when the upgrade is decided, before the 101 answer, and given back when the socket closes,
/// however it closes.
final class ConnectionAdmission: Sendable {
    let limit: Int
    private let addresses: ClientAddress
    private let metrics: ServerMetrics
    /// Open connections by address; an address with none has no entry.
    private let open = Mutex<[String: Int]>([:])

    init(limit: Int, addresses: ClientAddress, metrics: ServerMetrics) {
        self.limit = limit
        self.addresses = addresses
        self.metrics = metrics
    }

    /// Takes a place for the connection of `channel`, whose upgrade request is `head`, and gives
    /// it back when the channel closes. False (counted in the metrics) when its address holds
    /// `limit` connections already.
    func admit(_ channel: any Channel, head: HTTPRequestHead) -> Bool {
        let address = address(of: channel, head: head)
        guard take(address) else {
            metrics.connectionRefused(reason: .addressLimit)
            return false
        }
        channel.closeFuture.whenComplete { [self] _ in giveBack(address) }
        return true
    }

    /// The client's address: the peer's, or behind a trusted proxy the one it forwarded.
    func address(of channel: any Channel, head: HTTPRequestHead) -> String {
        addresses.of(peer: channel.remoteAddress?.ipAddress, forwardedFor: head.headers["X-Forwarded-For"])
    }

    private func take(_ address: String) -> Bool {
        open.withLock { open in
            let count = open[address, default: 0]
            guard count < limit else { return false }
            open[address] = count + 1
            return true
        }
    }

    private func giveBack(_ address: String) {
        open.withLock { open in
            let count = open[address, default: 0] - 1
            open[address] = count > 0 ? count : nil
        }
    }
}
