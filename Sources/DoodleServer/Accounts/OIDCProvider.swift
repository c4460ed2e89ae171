/// One OpenID Connect provider players may sign in with: `--oidc-provider
/// NAME=ISSUER,AUDIENCE,JWKS_URL` (or `DOODLE_OIDC_PROVIDERS`, `;` between providers);
/// `apple=,AUDIENCE` and `google=,AUDIENCE` fill in those providers' issuer and keys URL.
public struct OIDCProvider: Sendable, Equatable {
    /// What clients name it in `POST /v1/auth/oidc` (`apple`, `google`, …).
    public var name: String
    /// The `iss` values its ID tokens may carry (Google's tokens carry either of two).
    public var issuers: [String]
    /// The `aud` its ID tokens must carry: this app's client id at the provider.
    public var audience: String
    /// Where its signing keys are published (a JWKS document).
    public var keysURL: String

    public init(name: String, issuers: [String], audience: String, keysURL: String) {
        self.name = name
        self.issuers = issuers
        self.audience = audience
        self.keysURL = keysURL
    }
}
