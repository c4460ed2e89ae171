import AsyncHTTPClient
import DoodleCore
import DoodleStorage
import Hummingbird
import Logging
import ServiceLifecycle

/// The accounts' moving parts: the ID token verifier, with the HTTP client that fetches the
/// providers' keys, the password hasher, with its threads, and the password policy with its
/// list of common passwords. Their services stop after the
/// HTTP server, so no sign-in in flight loses them.
struct AccountParts {
    let verifier: any IDTokenVerifying
    let hasher: any PasswordHashing
    let passwordPolicy: PasswordPolicy
    let services: [any Service]

    /// Made last in `buildApplication`, once nothing after it can throw: an HTTP client must be
    /// shut down once made, and only a running service group does that.
    init(_ configuration: ServerConfiguration, clock: any GameClock, metrics: ServerMetrics, logger: Logger) throws {
        passwordPolicy = try PasswordPolicy.load()
        let settings = configuration.passwordHashing
        let pool = PasswordHashingPool(
            threads: settings.threads ?? PasswordHashingPool.defaultThreads,
            waitingLimit: settings.waitingLimit ?? PasswordHashingPool.defaultWaitingLimit,
            metrics: PasswordHashingMetrics(factory: metrics.factory))
        let hasher =
            settings.allowsLowCost
            ? try BcryptPasswordHashing(testingCost: settings.cost, pool: pool) : try BcryptPasswordHashing(cost: settings.cost, pool: pool)
        self.hasher = hasher
        let client = HTTPClient(
            eventLoopGroupProvider: .singleton, configuration: .init(timeout: .init(connect: .seconds(5), read: .seconds(10))))
        verifier = IDTokenVerifier(providers: configuration.oidcProviders, httpClient: client, clock: clock, logger: logger)
        services = [hasher, HTTPClientShutdown(client: client)]
    }
}

/// Shuts an HTTP client down when the service group stops.
struct HTTPClientShutdown: Service, CustomStringConvertible {
    var description: String { "HTTPClientShutdown" }

    let client: HTTPClient

    func run() async throws {
        try? await gracefulShutdown()
        try await client.shutdown()
    }
}
