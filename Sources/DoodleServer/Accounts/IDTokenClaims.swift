import DoodleStorage
import JWTKit

/// The claims of an ID token that the verifier reads. Every one is optional here so that a
/// missing claim is refused by the check it belongs to, not as an undecodable token.
struct IDTokenClaims: JWTPayload, Equatable {
    var iss: String?
    var sub: String?
    var aud: AudienceClaim?
    /// Seconds since 1970 (providers write whole seconds; a fraction is allowed).
    var exp: Double?
    var iat: Double?
    var nonce: String?
    var email: String?

    /// How far the provider's clock and ours may disagree.
    static let skewSeconds: Double = 60

    /// jwt-kit calls this once the signature holds. The claims are checked afterwards by
    /// `identity(for:nonce:nowMillis:)` instead, against the server's clock, so that each
    /// failure names its own check.
    func verify(using algorithm: some JWTAlgorithm) async throws {}

    /// The identity these claims vouch for, once `iss`, `aud`, `exp`, `iat`, `nonce` and `sub`
    /// pass, in that order.
    /// - Parameter nonce: the request's nonce; a token that carries one must carry this one.
    func identity(for provider: OIDCProvider, nonce: String?, nowMillis: Int64) throws(IDTokenRejection) -> ExternalIdentity {
        let now = Double(nowMillis) / 1000
        guard let iss, provider.issuers.contains(iss) else { throw IDTokenRejection(check: .issuer) }
        guard let aud, aud.value.contains(provider.audience) else { throw IDTokenRejection(check: .audience) }
        guard let exp, let iat else { throw IDTokenRejection(check: .malformed) }
        guard now < exp + Self.skewSeconds else { throw IDTokenRejection(check: .expired) }
        guard iat <= now + Self.skewSeconds else { throw IDTokenRejection(check: .issuedInFuture) }
        if let carried = self.nonce, carried != nonce { throw IDTokenRejection(check: .nonce) }
        guard let sub, !sub.isEmpty else { throw IDTokenRejection(check: .subject) }
        return ExternalIdentity(provider: provider.name, issuer: iss, subject: sub, email: email)
    }
}
