import DoodleStorage

/// Checks OpenID Connect ID tokens against the configured providers: signature against the
/// provider's published keys, then `iss`, `aud`, `exp`, `iat` (60 s skew) and `nonce`.
protocol IDTokenVerifying: Sendable {
    /// The configured providers, in the order they were given.
    var providers: [OIDCProvider] { get }

    /// The identity the token vouches for.
    ///
    /// - Parameter nonce: the request's nonce; when the token carries one it must equal this.
    /// - Throws: `IDTokenRejection` naming the check that failed (for the log; the client only
    ///   ever sees 401 `invalid_credentials`).
    func verify(idToken: String, provider: String, nonce: String?) async throws(IDTokenRejection) -> ExternalIdentity
}

/// Why an ID token was refused: the one check that failed, for the server's log. Never holds
/// the token or any part of it.
struct IDTokenRejection: Error, Equatable, Sendable {
    enum Check: String, Sendable {
        case unknownProvider = "unknown provider"
        case malformed = "malformed token"
        case algorithm = "algorithm not allowed"
        case unknownKey = "no key with the token's kid"
        case keysUnavailable = "the provider's keys could not be fetched"
        case signature = "bad signature"
        case issuer = "wrong issuer"
        case audience = "wrong audience"
        case expired = "expired"
        case issuedInFuture = "issued in the future"
        case nonce = "nonce mismatch"
        case subject = "no subject"
    }

    var check: Check
}
