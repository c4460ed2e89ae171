import Foundation
import HTTPTypes
import Hummingbird

/// The scheme and host people reach this server at, for absolute URLs in pages others fetch (a
/// share page's preview image): the request's `Host` on `https` when the server speaks TLS, or,
/// from a trusted reverse proxy (`--trusted-proxies`), the `X-Forwarded-Host` and
/// `X-Forwarded-Proto` it wrote, since the proxy's own view of the request names the server
/// behind it rather than the public address.
struct PublicAddress: Equatable {
    /// `https://example.org`, without a trailing slash.
    let base: String

    /// Characters allowed in a host here: a name or IPv4 address, an IPv6 literal in brackets,
    /// and a port. Anything else would make a URL no client can open, or inject markup.
    private static let hostCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:[]")

    /// - Parameters:
    ///   - host: the request's Host (its authority).
    ///   - secure: whether this server speaks TLS itself.
    ///   - forwardedHost, forwardedProto: the proxy's headers, believed only when `fromTrustedProxy`.
    /// - Throws: `APIError.badRequest` when no usable host is known.
    init(host: String?, secure: Bool, fromTrustedProxy: Bool, forwardedHost: String?, forwardedProto: String?) throws {
        var host = host
        var scheme = secure ? "https" : "http"
        if fromTrustedProxy {
            // A proxy chain appends: the first entry is what the client asked the first proxy for.
            if let forwarded = Self.first(forwardedHost) { host = forwarded }
            if let proto = Self.first(forwardedProto)?.lowercased(), proto == "https" || proto == "http" { scheme = proto }
        }
        guard let host, !host.isEmpty else {
            throw APIError.badRequest("the request has no Host header, so this server's address is unknown")
        }
        guard host.allSatisfy({ Self.hostCharacters.contains($0) }) else {
            throw APIError.badRequest("the Host header is not a host name, address or port")
        }
        base = "\(scheme)://\(host)"
    }

    /// The address the request's `Host` names, on `https` when `secure`: for links handed
    /// to the same client, which reached this server by that name.
    init(host: String?, secure: Bool) throws {
        try self.init(host: host, secure: secure, fromTrustedProxy: false, forwardedHost: nil, forwardedProto: nil)
    }

    private static func first(_ header: String?) -> String? {
        guard let value = header?.split(separator: ",").first?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        return value
    }
}

extension PublicAddress {
    private static let forwardedHost = HTTPField.Name("X-Forwarded-Host")
    private static let forwardedProto = HTTPField.Name("X-Forwarded-Proto")

    /// The public address of `request`'s server, as its client sees it.
    init(_ request: Request, context: DoodleRequestContext, secure: Bool, trustedProxies: Set<String>) throws {
        let peer = context.channel.remoteAddress?.ipAddress
        try self.init(
            host: request.head.authority, secure: secure, fromTrustedProxy: peer.map(trustedProxies.contains) ?? false,
            forwardedHost: Self.forwardedHost.flatMap { request.headers[$0] },
            forwardedProto: Self.forwardedProto.flatMap { request.headers[$0] })
    }
}
