import DoodleClient
import DoodleCore
import DoodleServer
import Foundation
import Logging
import ServiceLifecycle

/// A real `doodle-server` (the same `buildApplication` as `main`) on 127.0.0.1, port 0, with a
/// temporary database, for the length of one test. Shared by every test target that needs a
/// live server.
public struct TestServer: Sendable {
    public let port: Int
    public let databasePath: String
    let group: ServiceGroup

    /// Starts a graceful shutdown, as SIGTERM would.
    public func shutDown() async {
        await group.triggerGracefulShutdown()
    }

    public var webSocketURL: String { "ws://127.0.0.1:\(port)/v1/ws" }
    public var httpBase: String { "http://127.0.0.1:\(port)" }

    public static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The operators' token every test server has unless a test says otherwise, so that the
    /// admin routes exist; tests send `Bearer \(adminTokenText)`.
    public static let adminTokenText = "test-admin-token-0123456789-abcdefghij"
    public static let adminToken = AdminToken(adminTokenText)
    /// The `Authorization` header the admin routes want.
    public static let adminAuthorization = "Bearer \(adminTokenText)"

    /// The password hashing of every test server unless a test says otherwise: bcrypt's least
    /// cost, so registering and signing in take microseconds (production refuses below 12).
    public static let passwordHashing = PasswordHashingSettings.testing(cost: 4)

    public static var logger: Logger {
        var logger = Logger(label: "doodle-test")
        logger.logLevel = ProcessInfo.processInfo.environment["DOODLE_TEST_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .warning
        return logger
    }

    /// Runs `body` against a fresh server, then shuts the server down gracefully.
    /// - Parameter rules: edits applied to a copy of GameRules/rules.json (e.g. short grace periods),
    ///   after the test servers' own (``TestRules``).
    /// - Parameter database: what `--database` would be given (a `postgres://` URL), instead of a
    ///   SQLite file in a temporary folder.
    /// - Parameter widgetCacheEntries: the widgets' latest-drawing cache; 0 for a test that
    ///   writes to the database behind the server's back, which no invalidation would follow.
    /// - Parameter oidcProviders: what `--oidc-provider` would be given (a `TestIssuer`'s).
    public static func with<T: Sendable>(
        rules edit: (@Sendable (inout [String: Any]) -> Void)? = nil,
        tls: ServerConfiguration.TLSFiles? = nil,
        notifications: NotificationSettings? = nil,
        database: String? = nil,
        clock: any GameClock = SystemGameClock(),
        widgetCacheEntries: Int = ServerConfiguration().widgetCacheEntries,
        trustedProxies: Set<String> = [],
        adminToken: AdminToken? = TestServer.adminToken,
        oidcProviders: [OIDCProvider] = [],
        passwordHashing: PasswordHashingSettings = TestServer.passwordHashing,
        houseBots: Bool = true,
        logger: Logger = TestServer.logger,
        _ body: @Sendable (TestServer) async throws -> T
    ) async throws -> T {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("doodle-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let rulesFolder = try TestRules.folder(in: scratch, edit: edit)
        let databasePath = database ?? scratch.appendingPathComponent("doodle.sqlite").path
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let application = try await buildApplication(
            ServerConfiguration(
                host: "127.0.0.1", port: 0, rulesFolder: rulesFolder, databasePath: databasePath, tls: tls, notifications: notifications,
                widgetCacheEntries: widgetCacheEntries, trustedProxies: trustedProxies, adminToken: adminToken, oidcProviders: oidcProviders,
                passwordHashing: passwordHashing, houseBots: houseBots),
            logger: logger,
            clock: clock,
            onServerRunning: { port in portContinuation.yield(port) })
        let group = application.serviceGroup()
        return try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else { throw TestServerError.didNotStart }
            let server = TestServer(port: port, databasePath: databasePath, group: group)
            let outcome: Result<T, any Error>
            do {
                outcome = .success(try await body(server))
            } catch {
                outcome = .failure(error)
            }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
            return try outcome.get()
        }
    }

    /// Opens `count` connections at once and runs `body` with all of them.
    public func withConnections<T>(_ count: Int, _ body: ([DoodleConnection]) async throws -> T) async throws -> T {
        try await DoodleClient.withConnections(count, to: webSocketURL, body)
    }

    /// `count` players, each with a hello done; the first creates a room with `settings` and
    /// the others join it. Returns after every join's `playerJoined` has reached everyone.
    public func withRoom<T>(
        players count: Int, settings: SettingsPatch = SettingsPatch(),
        _ body: (_ players: [DoodleConnection], _ ids: [PlayerID], _ room: RoomSnapshot) async throws -> T
    ) async throws -> T {
        try await withConnections(count) { players in
            var ids: [PlayerID] = []
            for (index, player) in players.enumerated() {
                ids.append(try await player.hello(name: "Player\(index + 1)").playerId)
            }
            let room = try await players[0].createRoom(settings: settings)
            for (index, player) in players.enumerated().dropFirst() {
                _ = try await player.joinRoom(code: room.code)
                // Everyone already seated sees this join.
                for earlier in players[..<index] {
                    _ = try await earlier.receive(until: { if case .event(.playerJoined, _) = $0 { true } else { false } })
                }
            }
            return try await body(players, ids, room)
        }
    }
}

public enum TestServerError: Error {
    case didNotStart
    case badRules
}

extension DoodleClient {
    /// `count` connections to `url` at once (a test server's, or a child process's), all open
    /// for the length of `body`.
    public static func withConnections<T>(_ count: Int, to url: String, _ body: ([DoodleConnection]) async throws -> T) async throws -> T {
        func open(_ opened: [DoodleConnection]) async throws -> T {
            if opened.count == count { return try await body(opened) }
            return try await withConnection(to: url, logger: TestServer.logger) { connection in try await open(opened + [connection]) }
        }
        return try await open([])
    }
}

