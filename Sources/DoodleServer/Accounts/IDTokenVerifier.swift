import AsyncHTTPClient
import DoodleStorage
import JWTKit
import Logging

/// Checks ID tokens with jwt-kit against each provider's published keys.
///
/// In order: the provider is configured; the header's algorithm is RS256 or ES256 (before any
/// key is looked at); its `kid` is one the provider publishes and of that algorithm's key type;
/// the signature; then the claims (`IDTokenClaims`). Every refusal is logged at info level with
/// the provider's name and the check, never the token.
struct IDTokenVerifier: IDTokenVerifying {
    let providers: [OIDCProvider]
    private let keys: [String: ProviderKeys]
    private let clock: any GameClock
    private let logger: Logger

    /// - Parameters:
    ///   - providers: with unique names (`OIDCProvider.parseList` sees to it).
    ///   - httpClient: the client the keys are fetched with; the caller shuts it down, after the
    ///     verifier's last use. The shared singleton needs no shutdown.
    ///   - clock: what `exp`, `iat` and the refetch pause are measured against.
    init(
        providers: [OIDCProvider], httpClient: HTTPClient = .shared, clock: any GameClock,
        policy: ProviderKeyCache<ProviderKeySet>.Policy = .init(), logger: Logger
    ) {
        self.providers = providers
        self.clock = clock
        self.logger = logger
        let download = JWKSDownload(httpClient: httpClient)
        var keys: [String: ProviderKeys] = [:]
        for provider in providers where keys[provider.name] == nil {
            keys[provider.name] = ProviderKeys(provider: provider, download: download, clock: clock, policy: policy, logger: logger)
        }
        self.keys = keys
    }

    func verify(idToken: String, provider name: String, nonce: String?) async throws(IDTokenRejection) -> ExternalIdentity {
        // A name not configured is the client's text: it stays out of the log.
        guard let keys = keys[name] else {
            logger.info("an ID token was refused", metadata: ["check": "\(IDTokenRejection.Check.unknownProvider.rawValue)"])
            throw IDTokenRejection(check: .unknownProvider)
        }
        do throws(IDTokenRejection) {
            let identity = try await check(idToken, with: keys, nonce: nonce)
            logger.debug("an ID token was accepted", metadata: ["provider": "\(name)"])
            return identity
        } catch {
            logger.info("an ID token was refused", metadata: ["provider": "\(name)", "check": "\(error.check.rawValue)"])
            throw error
        }
    }

    private func check(_ token: String, with keys: ProviderKeys, nonce: String?) async throws(IDTokenRejection) -> ExternalIdentity {
        let header = try IDTokenHeader.parse(token)
        let keySet = try await keys.keys(holding: header.kid)
        guard let key = keySet.key(header.kid), Self.key(key, suits: header.algorithm) else {
            throw IDTokenRejection(check: .algorithm)
        }
        let claims: IDTokenClaims
        do {
            claims = try await keySet.collection.verify(token, as: IDTokenClaims.self)
        } catch let error as JWTError where error.errorType == .malformedToken {
            throw IDTokenRejection(check: .malformed)
        } catch {
            throw IDTokenRejection(check: .signature)
        }
        return try claims.identity(for: keys.provider, nonce: nonce, nowMillis: clock.nowMillis())
    }

    /// An RS256 token needs an RSA key, an ES256 token an EC key; a key the JWKS pins to an
    /// algorithm serves that algorithm only.
    private static func key(_ key: ProviderKeySet.Key, suits algorithm: IDTokenHeader.Algorithm) -> Bool {
        switch algorithm {
        case .rs256: key.type == .rsa && (key.algorithm == nil || key.algorithm == .rs256)
        case .es256: key.type == .ecdsa && (key.algorithm == nil || key.algorithm == .es256)
        }
    }
}
