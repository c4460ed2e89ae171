import ChildProcessSupport
import DoodleClient
import DoodleCore
import DoodleServer
import DoodleTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Start-up and the status endpoints")
struct StartupTests {
    @Test("invalid rules stop start-up with a message naming the field")
    func invalidRulesNameTheField() async throws {
        let inverted = try await startupError { rules in
            var settings = rules["settings"] as? [String: Any] ?? [:]
            settings["rounds"] = ["default": 3, "min": 5, "max": 2]
            rules["settings"] = settings
        }
        #expect(inverted.contains("settings.rounds"), "\(inverted)")
        let missing = try await startupError { rules in
            var timing = rules["timing"] as? [String: Any] ?? [:]
            timing.removeValue(forKey: "idleTimeoutSeconds")
            rules["timing"] = timing
        }
        #expect(missing.contains("idleTimeoutSeconds"), "\(missing)")
    }

    /// Starts a server with edited rules and returns the description of the error it fails with.
    private func startupError(_ edit: @escaping @Sendable (inout [String: Any]) -> Void) async throws -> String {
        do {
            try await TestServer.with(rules: edit) { _ in }
        } catch {
            return String(describing: error)
        }
        Issue.record("the server started with invalid rules")
        return ""
    }

    /// A bad setting, given as a flag or an environment variable, and the names its message must carry.
    struct BadSetting: Sendable, CustomTestStringConvertible {
        var arguments: [String] = []
        var environment: [String: String] = [:]
        var named: [String]

        var testDescription: String {
            (arguments + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }).joined(separator: " ")
        }
    }

    static let badSettings: [BadSetting] = [
        BadSetting(environment: ["DOODLE_PORT": "abc"], named: ["DOODLE_PORT", "--port"]),
        BadSetting(environment: ["DOODLE_PORT": "65536"], named: ["DOODLE_PORT", "--port"]),
        BadSetting(arguments: ["--port", "-1"], named: ["DOODLE_PORT", "--port"]),
        BadSetting(arguments: ["--port", "8080x"], named: ["DOODLE_PORT", "--port"]),
        BadSetting(environment: ["DOODLE_HOST": "local host"], named: ["DOODLE_HOST", "--host"]),
        BadSetting(arguments: ["--rules", ""], named: ["DOODLE_RULES", "--rules"]),
        BadSetting(arguments: ["--database", ""], named: ["DOODLE_DATABASE", "--database"]),
        BadSetting(arguments: ["--database", "postgres://doodle:hunter2@db.example"], named: ["DOODLE_DATABASE", "--database", "names no database"]),
        BadSetting(environment: ["DOODLE_DATABASE": "postgres://doodle:hunter2@db.example:99999/doodle"], named: ["DOODLE_DATABASE", "--database", "outside 1–65535"]),
        // A good URL whose server cannot be reached stops start-up too, with the reason.
        BadSetting(arguments: ["--database", "postgres://doodle:hunter2@127.0.0.1:1/doodle"], named: ["connecting to postgres://doodle@127.0.0.1:1/doodle"]),
        BadSetting(environment: ["DOODLE_LOG_LEVEL": "loud"], named: ["DOODLE_LOG_LEVEL", "--log-level"]),
        BadSetting(arguments: ["--log-level", "INFO"], named: ["DOODLE_LOG_LEVEL", "--log-level"]),
        BadSetting(environment: ["DOODLE_TLS_CERTIFICATE": "cert.pem"], named: ["DOODLE_TLS_KEY", "--tls-key"]),
        BadSetting(arguments: ["--tls-key", "key.pem"], named: ["DOODLE_TLS_CERTIFICATE", "--tls-certificate"]),
        BadSetting(arguments: ["--notify-url", "push.example"], named: ["DOODLE_NOTIFY_URL", "--notify-url"]),
        BadSetting(environment: ["DOODLE_NOTIFY_URL": "ftp://push.example/hook"], named: ["DOODLE_NOTIFY_URL", "--notify-url"]),
        BadSetting(environment: ["DOODLE_NOTIFY_SECRET": "s3cret"], named: ["DOODLE_NOTIFY_URL", "--notify-url"]),
        BadSetting(arguments: ["--node-url", "http://node-a.example/v1/ws"], named: ["DOODLE_NODE_URL", "--node-url", "ws://"]),
        BadSetting(arguments: ["--trusted-proxies", "127.0.0.1,nginx"], named: ["--trusted-proxies", "DOODLE_TRUSTED_PROXIES", "IPv4"]),
        BadSetting(environment: ["DOODLE_TRUSTED_PROXIES": "10.0.0.1,,"], named: ["--trusted-proxies", "DOODLE_TRUSTED_PROXIES"]),
        BadSetting(environment: ["DOODLE_NODE_URL": "ws://node-a.example/game"], named: ["DOODLE_NODE_URL", "--node-url", "/v1/ws"]),
        BadSetting(arguments: ["--node-url", "ws:///v1/ws"], named: ["DOODLE_NODE_URL", "--node-url", "no host"]),
        // Nodes share a PostgreSQL database; a node on a SQLite file would be a cluster of one.
        BadSetting(arguments: ["--node-url", "ws://node-a.example/v1/ws"], named: ["--node-url", "PostgreSQL", "SQLite"]),
        BadSetting(
            arguments: ["--database", "postgres://doodle:hunter2@127.0.0.1:1/doodle", "--node-url", "ws://node-a.example/v1/ws", "--node-lease-ms", "50"],
            named: ["--node-lease-ms", "DOODLE_NODE_LEASE_MS", "300"]),
        BadSetting(environment: ["DOODLE_NODE_LEASE_MS": "5000"], named: ["--node-lease-ms", "--node-url"]),
        BadSetting(arguments: ["--event-loops", "0"], named: ["--event-loops", "DOODLE_EVENT_LOOPS", "1 to 256"]),
        BadSetting(environment: ["DOODLE_EVENT_LOOPS": "two"], named: ["--event-loops", "DOODLE_EVENT_LOOPS"]),
    ]

    @Test("a bad flag or environment value stops start-up with a message naming both", arguments: badSettings)
    func badSettingStopsStartup(_ setting: BadSetting) async throws {
        let (status, output) = try await runServerExecutable(setting.arguments, environment: setting.environment)
        #expect(status != 0, "\(output)")
        for name in setting.named {
            #expect(output.contains(name), "\(output)")
        }
        #expect(!output.contains("listening on"), "\(output)")
        #expect(!output.contains("hunter2"), "a database password must never be printed: \(output)")
    }

    @Test("a flag wins over its environment variable, which is then not read at all")
    func flagWinsOverVariable() async throws {
        // The port is read before the log level: had DOODLE_PORT been read, its error would come first.
        let (status, output) = try await runServerExecutable(
            ["--port", "0", "--log-level", "loud"], environment: ["DOODLE_PORT": "abc"])
        #expect(status != 0)
        #expect(output.contains("--log-level 'loud'"), "\(output)")
        #expect(!output.contains("DOODLE_PORT='abc'"), "\(output)")
    }

    @Test("--help lists every option with its environment variable and default")
    func helpListsEveryOption() async throws {
        let (status, help) = try await runServerExecutable(["--help"], environment: [:])
        #expect(status == 0)
        let expected = [
            ("--host", "DOODLE_HOST", "127.0.0.1"), ("--port", "DOODLE_PORT", "8080"), ("--rules", "DOODLE_RULES", "./GameRules"),
            ("--database", "DOODLE_DATABASE", "./doodle.sqlite"), ("--log-level", "DOODLE_LOG_LEVEL", "info"),
            ("--tls-certificate", "DOODLE_TLS_CERTIFICATE", "none"), ("--tls-key", "DOODLE_TLS_KEY", "none"),
            ("--notify-url", "DOODLE_NOTIFY_URL", "none"), ("--notify-secret", "DOODLE_NOTIFY_SECRET", "none"),
            ("--node-url", "DOODLE_NODE_URL", "none"), ("--node-lease-ms", "DOODLE_NODE_LEASE_MS", "15000"),
            ("--event-loops", "DOODLE_EVENT_LOOPS", "the number of cores"),
        ]
        // Help wraps long lines, so compare with runs of whitespace folded to one space.
        let folded = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for (flag, variable, defaultText) in expected {
            #expect(folded.contains(flag), "\(help)")
            #expect(folded.contains("env: \(variable); default: \(defaultText)"), "\(help)")
        }
    }

    /// Runs `doodle-server` to its end with `arguments` and only `environment`'s `DOODLE_*`
    /// variables; its exit status and everything it wrote. Only for runs that stop by themselves.
    private func runServerExecutable(_ arguments: [String], environment: [String: String]) async throws -> (Int32, String) {
        var inherited = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("DOODLE_") }
        inherited.merge(environment) { _, given in given }
        let pipe = Pipe()
        let process = try SpawnedProcess(
            executable: try ChildServer.locateExecutable(named: "doodle-server").path, arguments: arguments, environment: inherited,
            outputDescriptor: pipe.fileHandleForWriting.fileDescriptor)
        try pipe.fileHandleForWriting.close()
        // A setting that should have been refused would start a server that never exits.
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(20))
        while process.isRunning && clock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        if process.isRunning {
            process.signal(SIGKILL)
            process.waitUntilExit()
            Issue.record("doodle-server \(arguments) kept running")
        }
        // What it wrote (a usage message or help) is far below the pipe's buffer size.
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        let code: Int32
        switch process.termination {
        case .exited(let exitCode): code = exitCode
        case .signalled(let signal): code = 128 + signal
        case nil: code = -1
        }
        return (code, String(decoding: output, as: UTF8.self))
    }

    @Test("health, metrics and public room info answer over HTTP")
    func statusEndpoints() async throws {
        try await TestServer.with { server in
            let (health, healthStatus) = try await server.get("/v1/health")
            #expect(healthStatus == 200)
            #expect(health == #"{"status":"ok"}"#)
            try await server.withConnections(1) { connections in
                try await connections[0].hello(name: "Ada")
                let room = try await connections[0].createRoom()
                let (info, infoStatus) = try await server.get("/v1/rooms/\(room.code.lowercased())")
                #expect(infoStatus == 200)
                #expect(info.contains("\"Ada\""))
                #expect(info.contains(room.code))
                let (metrics, metricsStatus) = try await server.get("/metrics")
                #expect(metricsStatus == 200)
                #expect(metrics.contains("doodle_rooms 1"))
                #expect(metrics.contains("doodle_archive_queued"))
            }
            let (missing, missingStatus) = try await server.get("/v1/rooms/ZZZZZZ")
            #expect(missingStatus == 404)
            #expect(missing.contains(#""code":"not_found""#))
            let (_, badStatus) = try await server.get("/v1/rooms/nope")
            #expect(badStatus == 400)
            // Room lookups share joinRoom's limit (10 a minute per address): codes can't be probed.
            var statuses: [Int] = []
            for _ in 0..<10 { statuses.append(try await server.get("/v1/rooms/YYYYYY").1) }
            #expect(statuses.filter { $0 == 404 }.count == 7, "\(statuses)")
            #expect(statuses.suffix(3) == [429, 429, 429], "\(statuses)")
        }
    }
}

extension TestServer {
    /// A GET on the server's HTTP API: the body as text and the status code.
    func get(_ path: String) async throws -> (String, Int) {
        let url = try #require(URL(string: httpBase + path))
        let (data, response) = try await URLSession.shared.data(from: url)
        return (String(decoding: data, as: UTF8.self), (response as? HTTPURLResponse)?.statusCode ?? 0)
    }
}
