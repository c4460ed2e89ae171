import DoodleCore
import DoodleStorage
import HTTPTypes
import Hummingbird
import Logging

/// Signing in on a device (PROTOCOL.md, "Accounts and devices"): `GET /v1/auth/providers`,
/// `POST /v1/auth/oidc`, `POST /v1/auth/link`, and email and password in
/// `AuthRoutes+Password.swift`. Each successful sign-in makes a device of its own: a fresh
/// token, of which only the hash is stored. Every route counts against one per-address limit.
///
/// Nothing secret reaches the log: not the ID token, password, link code or bearer token; a
/// refusal logs which check failed and the provider's name.
struct AuthRoutes {
    let accounts: any AccountStore
    let verifier: any IDTokenVerifying
    let hasher: any PasswordHashing
    let passwordPolicy: PasswordPolicy
    let authentication: BearerAuthentication
    let storage: StorageCalls
    let limiter: AddressRateLimiter
    let addresses: ClientAddress
    let names: NewPlayerNames
    let metrics: ServerMetrics
    let clock: any GameClock
    let logger: Logger

    func register(on router: Router<DoodleRequestContext>) {
        router.get("/v1/auth/providers") { _, _ in
            ProvidersAnswer(providers: verifier.providers.map { .init(name: $0.name, clientId: $0.audience) }, password: true)
        }
        router.post("/v1/auth/oidc") { request, requestContext -> EditedResponse<SignInAnswer> in
            try admit(request, requestContext)
            let body = try await JSONRequestBody.decode(
                AccountRequests.OIDC.self, from: request, upTo: AccountRequests.maxBodyBytes, expected: AccountRequests.OIDC.expected)
            let caller = try await optionalCaller(request)
            let device = try DeviceToken(label: DeviceLabel.label(given: body.device, userAgent: userAgent(request)))
            let newPlayer = try names.newPlayer(named: body.name)
            let identity: ExternalIdentity
            do throws(IDTokenRejection) {
                identity = try await verifier.verify(idToken: body.idToken, provider: body.provider, nonce: body.nonce)
            } catch {
                // The verifier has logged which check failed.
                metrics.signInRefused(.invalidCredentials)
                throw APIError.invalidCredentials("the ID token was not accepted; sign in with the provider again")
            }
            let signIn = try await storage {
                try await accounts.signIn(
                    identity: identity, currentPlayer: caller?.playerId, newPlayer: newPlayer, device: device.record, at: clock.nowMillis())
            }
            let answer = try await finish(signIn, device: device, caller: caller, method: .oidc)
            return EditedResponse(status: signIn.created ? .created : .ok, response: answer)
        }
        router.post("/v1/auth/link") { request, requestContext -> SignInAnswer in
            try admit(request, requestContext)
            let body = try await JSONRequestBody.decode(
                AccountRequests.Link.self, from: request, upTo: AccountRequests.maxBodyBytes, expected: AccountRequests.Link.expected)
            let device = try DeviceToken(label: DeviceLabel.label(given: body.device, userAgent: userAgent(request)))
            let refused = APIError.invalidCredentials("the code is unknown, used or expired; ask for a new one on a signed-in device")
            guard let code = LinkCode(typed: body.code) else {
                metrics.signInRefused(.invalidCredentials)
                throw refused
            }
            guard let linked = try await storage({ try await accounts.redeemLinkCode(codeHash: code.hash, device: device.record, at: clock.nowMillis()) })
            else {
                metrics.signInRefused(.invalidCredentials)
                logger.info("a link code was refused: unknown, used or expired")
                throw refused
            }
            let identities = try await storage { try await accounts.identities(of: linked.playerId) }
            return try await finish(
                AccountSignIn(playerId: linked.playerId, name: linked.name, created: false, identities: identities), device: device, caller: nil,
                method: .link)
        }
        registerPasswordRoutes(on: router)
    }

    /// A signed-in caller: its player and the token it sent.
    struct Caller {
        let playerId: PlayerID
        let token: String
    }

    /// The caller named by an `Authorization: Bearer` header, nil without one. A token that
    /// names no player is 401 rather than ignored: linking an identity to a player the client
    /// no longer has would surprise it. A banned player's is 403 `banned`.
    func optionalCaller(_ request: Request) async throws -> Caller? {
        guard let token = BearerAuthentication.token(in: request) else { return nil }
        let player = try await authentication.player(request)
        return Caller(playerId: player.playerId, token: token)
    }

    /// 429 `rate_limited` once the client's address is over its sign-in attempts.
    func admit(_ request: Request, _ context: DoodleRequestContext) throws {
        let rule = limiter.rule
        guard limiter.allow(addresses.of(request, context: context), now: clock.nowMillis()) else {
            metrics.signInRefused(.rateLimited)
            throw APIError(
                ProtocolError(.rateLimited, "too many sign-in attempts from your address; wait a minute"),
                retryAfterSeconds: Int((rule.windowMilliseconds + 999) / 1000))
        }
    }

    func userAgent(_ request: Request) -> String? {
        request.headers[.userAgent]
    }

    /// The answer to a sign-in the store has made. When the caller added a way to sign in to its
    /// own player, the store added no device and the caller keeps the token it has; otherwise
    /// `device` was added to `signIn`'s player and its token is the answer's.
    ///
    /// A banned player's sign-in is undone (its new device removed) and refused with 403.
    func finish(_ signIn: AccountSignIn, device: DeviceToken, caller: Caller?, method: ServerMetrics.SignInMethod) async throws -> SignInAnswer {
        let keepsItsDevice = caller?.playerId == signIn.playerId
        do {
            try await authentication.refuseIfBanned(signIn.playerId)
        } catch let error as APIError where error.code == APIError.banned.code {
            if !keepsItsDevice {
                _ = try await storage { try await accounts.removeDevice(id: device.record.id, of: signIn.playerId) }
            }
            metrics.signInRefused(.banned)
            throw error
        }
        var token = device.token
        if let caller, keepsItsDevice { token = caller.token }
        metrics.signedIn(method)
        logger.info(
            "signed in", metadata: ["player": "\(signIn.playerId)", "method": "\(method.rawValue)", "created": "\(signIn.created)"])
        return SignInAnswer(playerId: signIn.playerId, name: signIn.name, token: token, identities: signIn.identities)
    }
}
