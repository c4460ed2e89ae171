import DoodleServer
import Foundation
import JWTKit

extension TestIssuer {
    /// How a token is signed; every case but `.published` makes a token a verifier must refuse.
    public enum Signing: Sendable {
        /// With the published key the token's `kid` names, in that key's algorithm.
        case published
        /// With a fresh ES256 key the issuer never published, under the token's `kid`: a bad signature.
        case impostor
        /// `alg: none` and an empty signature (built by hand: jwt-kit will not make one).
        case unsigned
        /// HS256 keyed with a shared secret, under the token's `kid`.
        case hmac
    }

    /// "Now" on the issuer's clock, moved by `seconds`.
    public func date(secondsFromNow seconds: Double = 0) -> Date {
        Date(timeIntervalSince1970: Double(clock.nowMillis()) / 1000 + seconds)
    }

    /// An ID token. By default a good one: the issuer's `iss` and `aud`, issued now, expiring in
    /// ten minutes, signed with the ES256 key. Each parameter is a knob to make it bad.
    /// - Parameters:
    ///   - subject: `sub`; nil leaves it out.
    ///   - audience: `aud` (one value is written as a string, several as an array); nil: the issuer's.
    ///   - issuer: `iss`; nil: the issuer's.
    ///   - kid: the header's `kid`; nil: the starting ES256 key's.
    public func idToken(
        subject: String? = "subject-1",
        audience: [String]? = nil,
        issuer: String? = nil,
        nonce: String? = nil,
        issuedAt: Date? = nil,
        expiresAt: Date? = nil,
        email: String? = nil,
        kid: String? = nil,
        signing: Signing = .published
    ) async throws -> String {
        let claims = TestIDTokenClaims(
            iss: issuer ?? self.issuer,
            sub: subject,
            aud: AudienceClaim(value: audience ?? [self.audience]),
            exp: Int64((expiresAt ?? date(secondsFromNow: 600)).timeIntervalSince1970),
            iat: Int64((issuedAt ?? date()).timeIntervalSince1970),
            nonce: nonce,
            email: email)
        let kid = JWKIdentifier(string: kid ?? ecKid)
        switch signing {
        case .published:
            return try await signingKeys.sign(claims, kid: kid)
        case .impostor:
            let impostor = JWTKeyCollection()
            await impostor.add(ecdsa: ES256PrivateKey(), kid: kid)
            return try await impostor.sign(claims, kid: kid)
        case .hmac:
            let shared = JWTKeyCollection()
            await shared.add(hmac: HMACKey(from: "a secret anyone could guess"), digestAlgorithm: .sha256, kid: kid)
            return try await shared.sign(claims, kid: kid)
        case .unsigned:
            let header = try JSONSerialization.data(withJSONObject: ["alg": "none", "typ": "JWT", "kid": kid.string], options: [.sortedKeys])
            let payload = try JSONEncoder().encode(claims)
            return header.base64URL + "." + payload.base64URL + "."
        }
    }
}

/// The claims a test token carries; times in whole seconds since 1970, as providers write them.
struct TestIDTokenClaims: JWTPayload {
    var iss: String
    var sub: String?
    var aud: AudienceClaim
    var exp: Int64
    var iat: Int64
    var nonce: String?
    var email: String?

    /// Nothing to check: the issuer only signs these, and the verifier under test does the checking.
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
