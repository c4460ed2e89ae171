/// The address a person opens to join: the web page with the code in its fragment, `/#CODE` for
/// a party room and `/#pair-CODE` for a pair code (the page's pair view offers to pair with it),
/// `/#link=CODE` for a device link code, at the host and scheme the request came in on.
struct InviteLink: Equatable {
    let url: String

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
        url = try PublicAddress(host: host, secure: secure).base + "/#\(fragment)"
    }
}
