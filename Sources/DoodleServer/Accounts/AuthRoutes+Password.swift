import DoodleCore
import DoodleStorage
import Hummingbird
import Logging

/// Email and password: `POST /v1/auth/register` and `POST /v1/auth/login`.
extension AuthRoutes {
    func registerPasswordRoutes(on router: Router<DoodleRequestContext>) {
        router.post("/v1/auth/register") { request, requestContext -> EditedResponse<SignInAnswer> in
            try admit(request, requestContext)
            let body = try await JSONRequestBody.decode(
                AccountRequests.Register.self, from: request, upTo: AccountRequests.maxBodyBytes, expected: AccountRequests.Register.expected)
            let email = try emailAddress(body.email)
            try checkStrength(body.password, email: email)
            let caller = try await optionalCaller(request)
            let device = try DeviceToken(label: DeviceLabel.label(given: body.device, userAgent: userAgent(request)))
            let newPlayer = try names.newPlayer(named: body.name)
            let passwordHash = try await hash(body.password)
            let registered = try await storage { () -> AccountSignIn? in
                do {
                    return try await accounts.register(
                        email: email.normalized, passwordHash: passwordHash, currentPlayer: caller?.playerId, newPlayer: newPlayer,
                        device: device.record, at: clock.nowMillis())
                } catch AccountStoreError.emailTaken {
                    return nil
                }
            }
            guard let signIn = registered else {
                metrics.signInRefused(.emailTaken)
                throw APIError.emailTaken
            }
            return EditedResponse(status: .created, response: try await finish(signIn, device: device, caller: caller, method: .password))
        }
        router.post("/v1/auth/login") { request, requestContext -> SignInAnswer in
            try admit(request, requestContext)
            let body = try await JSONRequestBody.decode(
                AccountRequests.Login.self, from: request, upTo: AccountRequests.maxBodyBytes, expected: AccountRequests.Login.expected)
            let email = try emailAddress(body.email)
            let device = try DeviceToken(label: DeviceLabel.label(given: body.device, userAgent: userAgent(request)))
            let now = clock.nowMillis()
            let lockout = LoginLockout()
            let failures = try await storage { try await accounts.loginFailures(email: email.normalized, now: now, window: lockout.windowMilliseconds) }
            if case .locked(let seconds) = lockout.decision(failures: failures, now: now) {
                metrics.signInRefused(.lockedOut)
                throw APIError.loginLocked(retryAfterSeconds: seconds)
            }
            let login = try await storage { try await accounts.passwordLogin(email: email.normalized) }
            // An unknown email is checked against a stand-in hash: both refusals take as long.
            guard try await verify(body.password, against: login?.passwordHash), let login else {
                try await storage {
                    try await accounts.recordLoginFailure(email: email.normalized, at: now, window: lockout.windowMilliseconds)
                }
                metrics.signInRefused(.invalidCredentials)
                logger.info("a password sign-in was refused", metadata: ["knownEmail": "\(login != nil)"])
                throw APIError.invalidCredentials("the email address or the password is wrong")
            }
            if failures.count > 0 { try await storage { try await accounts.clearLoginFailures(email: email.normalized) } }
            let added = try await storage { () -> Bool in
                do {
                    _ = try await accounts.addDevice(device.record, playerId: login.playerId, at: now)
                    return true
                } catch AccountStoreError.noSuchPlayer {
                    return false
                }
            }
            // The player was deleted between the two reads: its login went with it.
            guard added else { throw APIError.invalidCredentials("the email address or the password is wrong") }
            let signIn = try await storage { () -> AccountSignIn? in
                guard let player = try await authentication.players.player(id: login.playerId) else { return nil }
                return AccountSignIn(
                    playerId: login.playerId, name: player.name, created: false, identities: try await accounts.identities(of: login.playerId))
            }
            guard let signIn else { throw APIError.invalidCredentials("the email address or the password is wrong") }
            return try await finish(signIn, device: device, caller: nil, method: .password)
        }
    }

    /// The address normalised, or 400 `bad_message` saying what is wrong with it.
    private func emailAddress(_ typed: String) throws -> EmailAddress {
        do {
            return try EmailAddress(typed)
        } catch {
            throw APIError.badRequest(error.message)
        }
    }

    /// 400 `weak_password` for a password the policy refuses.
    private func checkStrength(_ password: String, email: EmailAddress) throws {
        if let refusal = passwordPolicy.refusal(of: password, email: email) {
            metrics.signInRefused(.weakPassword)
            throw APIError.weakPassword(refusal.message)
        }
    }

    private func hash(_ password: String) async throws -> String {
        do {
            return try await hasher.hash(password)
        } catch {
            metrics.signInRefused(.busy)
            throw APIError.hasherBusy
        }
    }

    private func verify(_ password: String, against hash: String?) async throws -> Bool {
        do {
            return try await hasher.verify(password, against: hash)
        } catch {
            metrics.signInRefused(.busy)
            throw APIError.hasherBusy
        }
    }
}
