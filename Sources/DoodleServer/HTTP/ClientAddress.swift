import Foundation
import HTTPTypes
import Hummingbird

/// Who sent a request, for limits kept per address. Behind a reverse proxy every connection
/// comes from the proxy, so the address of a peer listed as trusted is replaced by what that
/// proxy wrote in `X-Forwarded-For` — read from the right, past every trusted proxy, since only
/// the entries trusted proxies appended can be believed (a client can send any header it likes).
struct ClientAddress: Sendable {
    /// Addresses of the reverse proxies whose `X-Forwarded-For` is believed (`--trusted-proxies`).
    let trustedProxies: Set<String>

    func of(peer: String?, forwardedFor: [String]) -> String {
        guard let peer else { return "unknown" }
        guard trustedProxies.contains(peer) else { return peer }
        let hops = forwardedFor.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        // Right to left: the nearest hop first, each trusted one handing over to the one before.
        for hop in hops.reversed() where !trustedProxies.contains(hop) {
            return hop
        }
        return hops.first ?? peer
    }
}

extension ClientAddress {
    /// The client of an HTTP request: its peer, or behind a trusted proxy the address the proxy
    /// wrote in `X-Forwarded-For`.
    func of(_ request: Request, context: DoodleRequestContext) -> String {
        of(peer: context.channel.remoteAddress?.ipAddress, forwardedFor: Self.forwardedFor.map { request.headers[values: $0] } ?? [])
    }

    private static let forwardedFor = HTTPField.Name("X-Forwarded-For")
}
