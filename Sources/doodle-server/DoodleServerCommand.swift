import ArgumentParser
import DoodleServer
import DoodleStorage
import Foundation
import Logging
import NIOCore
import ServiceLifecycle
import UnixSignals

/// `doodle-server`: reads flags (or `DOODLE_*` environment variables), builds the application
/// and runs it until SIGTERM or SIGINT. A bad value stops start-up with exit status 64.
@main
struct DoodleServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doodle-server",
        abstract: "The Doodle draw-and-guess game server.",
        discussion: """
            Every option can also be set with the environment variable shown beside it. A flag wins \
            over its variable; an empty variable counts as unset. A value that cannot be used stops \
            start-up with a message naming the flag and the variable.
            """)

    // Every option is read as text so that a bad flag and a bad variable get the same message.
    @Option(help: ServerOption.host.help("Address to listen on."))
    var host: String?

    @Option(help: ServerOption.port.help("Port to listen on, 0–65535; 0 picks any free port."))
    var port: String?

    @Option(help: ServerOption.rules.help("The GameRules folder (rules.json and words/)."))
    var rules: String?

    @Option(
        help: ServerOption.database.help(
            "The SQLite database file (:memory: keeps nothing), or a PostgreSQL database as postgres://user:password@host:port/database."))
    var database: String?

    @Option(help: ServerOption.logLevel.help("trace, debug, info, notice, warning, error or critical."))
    var logLevel: String?

    @Option(help: ServerOption.tlsCertificate.help("PEM file with the TLS certificate chain; with --tls-key the server speaks only https:// and wss://."))
    var tlsCertificate: String?

    @Option(help: ServerOption.tlsKey.help("PEM file with the TLS private key (with --tls-certificate)."))
    var tlsKey: String?

    @Option(help: ServerOption.notifyURL.help("http:// or https:// URL to POST push notifications to (events partners should hear about while away)."))
    var notifyURL: String?

    @Option(help: ServerOption.notifySecret.help("Secret for X-Doodle-Signature (HMAC-SHA256 of each notification body); needs --notify-url."))
    var notifySecret: String?

    @Option(help: ServerOption.widgetCacheEntries.help("How many widget tokens' latest drawings to keep in memory, 0–10000000; 0 keeps none."))
    var widgetCacheEntries: String?

    @Option(
        help: ServerOption.trustedProxies.help(
            "Comma-separated IP addresses of reverse proxies in front of this server, whose X-Forwarded-For names the client (docs/nginx.conf)."))
    var trustedProxies: String?

    @Option(help: ServerOption.nodeURL.help("This node's public ws:// or wss:// address (ending in /v1/ws), where other nodes send clients for its rooms."))
    var nodeURL: String?

    @Option(
        help: ServerOption.nodeLease.help(
            "With --node-url: how long this node's rooms outlive it in the room directory if it dies without a word, in milliseconds (renewed every third of it; at least 300)."))
    var nodeLeaseMs: String?

    @Option(
        help: ServerOption.adminToken.help(
            "The operators' secret for /v1/admin/… and /admin (\(AdminToken.requirement)); without it those paths answer 404. Prefer the variable: a flag shows in the process list."))
    var adminToken: String?

    @Option(
        help: ServerOption.oidcProviders.help(
            "An OpenID Connect provider players may sign in with, as NAME=ISSUER,AUDIENCE,JWKS_URL; apple=,AUDIENCE and google=,AUDIENCE fill in the issuer and keys. Repeatable; the variable takes several, ';' between them."))
    var oidcProvider: [String] = []

    @Option(
        help: ServerOption.houseBots.help(
            "on or off: whether a player waiting alone in a public room's lobby may call in bots the server plays (`playWithBots`)."))
    var houseBots: String?

    @Option(
        help: ServerOption.eventLoops.help(
            "Threads that serve connections and rooms, 1–256. A room's members on fewer loops cost fewer thread wake-ups per stroke; more loops serve more rooms at once."
        ))
    var eventLoops: String?

    func validate() throws {
        _ = try settings(environment: ProcessInfo.processInfo.environment)
    }

    func run() async throws {
        let (configuration, logLevel, eventLoops) = try settings(environment: ProcessInfo.processInfo.environment)
        // Read by the event-loop group on its first use, which comes with the application.
        if let eventLoops { NIOSingletons.groupLoopCountSuggestion = eventLoops }
        var logger = Logger(label: "doodle")
        logger.logLevel = logLevel
        let application: DoodleApplication
        do {
            application = try await buildApplication(configuration, logger: logger)
        } catch {
            logger.critical("cannot start: \(error)")
            throw ExitCode.failure
        }
        try await application.serviceGroup(gracefulShutdownSignals: [.sigterm, .sigint]).run()
    }

    /// Every setting from its flag, else its environment variable, else its default. The log
    /// level and the event loops are the process's, outside the application's configuration
    /// (`eventLoops` nil: NIO's default, one per core).
    ///
    /// - Throws: `ValidationError` naming the first setting whose value cannot be used.
    func settings(environment: [String: String]) throws -> (ServerConfiguration, Logger.Level, eventLoops: Int?) {
        let defaults = ServerConfiguration()
        let nonEmpty = "a non-empty text"
        let host = try ServerOption.host.value(flag: self.host, environment: environment, expected: "a host name or IP address") {
            $0.isEmpty || $0.contains(where: \.isWhitespace) ? nil : $0
        }
        let port = try ServerOption.port.value(flag: self.port, environment: environment, expected: "an integer from 0 to 65535") {
            Int($0).flatMap { (0...65535).contains($0) ? $0 : nil }
        }
        let rules = try ServerOption.rules.value(flag: self.rules, environment: environment, expected: nonEmpty) { $0.isEmpty ? nil : $0 }
        let database = try ServerOption.database.value(flag: self.database, environment: environment, expected: nonEmpty) {
            $0.isEmpty ? nil : $0
        }
        if let database, PostgresLocation.isPostgresURL(database) {
            // Checked here, not at start-up's connection, so a typo is named before anything starts.
            do {
                _ = try PostgresLocation(url: database)
            } catch {
                throw ValidationError("invalid \(ServerOption.database.flag) (\(ServerOption.database.variable)): \(error)")
            }
        }
        let levels = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
        let logLevel = try ServerOption.logLevel.value(flag: self.logLevel, environment: environment, expected: "one of \(levels)") {
            Logger.Level(rawValue: $0)
        }
        let certificate = try ServerOption.tlsCertificate.value(flag: self.tlsCertificate, environment: environment, expected: nonEmpty) {
            $0.isEmpty ? nil : $0
        }
        let key = try ServerOption.tlsKey.value(flag: self.tlsKey, environment: environment, expected: nonEmpty) { $0.isEmpty ? nil : $0 }
        var tls: ServerConfiguration.TLSFiles?
        switch (certificate, key) {
        case (let certificate?, let key?): tls = ServerConfiguration.TLSFiles(certificateChainPath: certificate, privateKeyPath: key)
        case (nil, nil): tls = nil
        default:
            throw ValidationError(
                "--tls-certificate (DOODLE_TLS_CERTIFICATE) and --tls-key (DOODLE_TLS_KEY) go together: give both or neither")
        }
        let notifyURL = try ServerOption.notifyURL.value(
            flag: self.notifyURL, environment: environment, expected: "an absolute http:// or https:// URL"
        ) { text in
            URL(string: text).flatMap { url in ["http", "https"].contains(url.scheme?.lowercased() ?? "") && url.host != nil ? text : nil }
        }
        let notifySecret = try ServerOption.notifySecret.value(flag: self.notifySecret, environment: environment, expected: nonEmpty) {
            $0.isEmpty ? nil : $0
        }
        if notifySecret != nil, notifyURL == nil {
            throw ValidationError("--notify-secret (DOODLE_NOTIFY_SECRET) needs --notify-url (DOODLE_NOTIFY_URL)")
        }
        let widgetCacheEntries = try ServerOption.widgetCacheEntries.value(
            flag: self.widgetCacheEntries, environment: environment, expected: "an integer from 0 to 10000000"
        ) { Int($0).flatMap { (0...10_000_000).contains($0) ? $0 : nil } }
        var nodeURL: NodeURL?
        if let (text, origin) = ServerOption.nodeURL.given(flag: self.nodeURL, environment: environment) {
            if let problem = NodeURL.problem(with: text) {
                throw ValidationError("invalid \(origin): --node-url (DOODLE_NODE_URL) must be a ws:// or wss:// URL ending in /v1/ws: \(problem)")
            }
            nodeURL = NodeURL(text)
            if !PostgresLocation.isPostgresURL(database ?? defaults.databasePath) {
                throw ValidationError(
                    "\(origin) needs a PostgreSQL database (--database postgres://…, DOODLE_DATABASE): the nodes of a cluster find each other's rooms in the database they share, and a SQLite file cannot be shared"
                )
            }
        }
        let leaseMilliseconds = try ServerOption.nodeLease.value(
            flag: self.nodeLeaseMs, environment: environment, expected: "a whole number of milliseconds from 300 to 3600000"
        ) { Int64($0).flatMap { (300...3_600_000).contains($0) ? $0 : nil } }
        if leaseMilliseconds != nil, nodeURL == nil {
            throw ValidationError("--node-lease-ms (DOODLE_NODE_LEASE_MS) needs --node-url (DOODLE_NODE_URL)")
        }
        let trustedProxies = try ServerOption.trustedProxies.value(
            flag: self.trustedProxies, environment: environment, expected: "comma-separated IPv4 or IPv6 addresses, like 127.0.0.1,::1"
        ) { text -> Set<String>? in
            let addresses = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            return !addresses.isEmpty && addresses.allSatisfy(IPAddressText.isValid) ? Set(addresses) : nil
        }
        let adminToken = try ServerOption.adminToken.secretValue(
            flag: self.adminToken, environment: environment, expected: AdminToken.requirement, parse: AdminToken.init)
        let oidcProviders = try providers(environment: environment)
        let eventLoops = try ServerOption.eventLoops.value(flag: self.eventLoops, environment: environment, expected: "an integer from 1 to 256") {
            Int($0).flatMap { (1...256).contains($0) ? $0 : nil }
        }
        let houseBots = try ServerOption.houseBots.value(flag: self.houseBots, environment: environment, expected: "on or off") { text in
            switch text {
            case "on": true
            case "off": false
            default: nil
            }
        }
        let lease = leaseMilliseconds.map { DirectoryLease(leaseMilliseconds: $0, renewalMilliseconds: $0 / 3) } ?? .standard
        let configuration = ServerConfiguration(
            host: host ?? defaults.host, port: port ?? defaults.port, rulesFolder: rules ?? defaults.rulesFolder,
            databasePath: database ?? defaults.databasePath, tls: tls,
            notifications: notifyURL.map { NotificationSettings(url: $0, secret: notifySecret) },
            widgetCacheEntries: widgetCacheEntries ?? defaults.widgetCacheEntries,
            cluster: nodeURL.map { ClusterSettings.sharingDatabase(at: $0, lease: lease) }, trustedProxies: trustedProxies ?? [],
            adminToken: adminToken, oidcProviders: oidcProviders, houseBots: houseBots ?? defaults.houseBots)
        return (configuration, logLevel ?? ServerOption.defaultLogLevel, eventLoops)
    }

    /// The providers of every `--oidc-provider`, else of `DOODLE_OIDC_PROVIDERS`; none without
    /// either. Parsed as one list, so a name given twice is refused wherever it came from.
    private func providers(environment: [String: String]) throws -> [OIDCProvider] {
        let option = ServerOption.oidcProviders
        let given: (text: String, origin: String)?
        if oidcProvider.isEmpty {
            given = option.given(flag: nil, environment: environment)
        } else {
            given = (oidcProvider.joined(separator: ";"), option.flag)
        }
        guard let given else { return [] }
        do {
            return try OIDCProvider.parseList(given.text)
        } catch {
            throw ValidationError("invalid \(given.origin): \(option.flag) (\(option.variable)) must be NAME=ISSUER,AUDIENCE,JWKS_URL: \(error)")
        }
    }
}
