/// The address a person opens to join: the web page with the code in its fragment, `/#CODE` for
/// a party room and `/#pair-CODE` for a pair code (the page's pair view offers to pair with it),
/// `/#link=CODE` for a device link code, at the host and scheme the request came in on.
struct InviteLink: Equatable {
    let url: String

    /// Characters allowed in a Host header here: a name or IPv4 address, an IPv6 literal in
    /// brackets, and a port. Anything else would make a link no phone can open.
    private static let hostCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:[]")

    /// - Parameters:
    ///   - host: the request's Host (its authority); the link must reach this same server.
    ///   - secure: whether the server speaks TLS, so the page is on `https`.
    /// - Throws: `APIError.badRequest` when the request has no usable Host.
    init(_ found: InviteCodeLookup.Found, host: String?, secure: Bool) throws {
        let fragment =
            switch found {
            // A room on another node too: the page connects here and follows the redirect.
            case .party(let code, _), .remoteParty(let code, _): code
            case .pair(let code, _): "pair-\(code)"
            }
        try self.init(fragment: fragment, host: host, secure: secure)
    }

    /// The page with `fragment` after its `#`: a fragment never reaches a server's log, so a
    /// code in it stays between the two devices.
    init(fragment: String, host: String?, secure: Bool) throws {
        guard let host, !host.isEmpty else {
            throw APIError.badRequest("the request has no Host header, so the link's address is unknown")
        }
        guard host.allSatisfy({ Self.hostCharacters.contains($0) }) else {
            throw APIError.badRequest("the Host header is not a host name, address or port")
        }
        url = "\(secure ? "https" : "http")://\(host)/#\(fragment)"
    }
}
