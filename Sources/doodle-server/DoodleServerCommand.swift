import ArgumentParser
import DoodleServer
import Foundation
import Logging
import ServiceLifecycle
import UnixSignals

/// `doodle-server`: reads flags (or `DOODLE_*` environment variables), builds the application
/// and runs it until SIGTERM or SIGINT.
@main
struct DoodleServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doodle-server",
        abstract: "The Doodle draw-and-guess game server.",
        discussion: "Every option can also be set in the environment: DOODLE_HOST, DOODLE_PORT, DOODLE_RULES, DOODLE_DATABASE, DOODLE_LOG_LEVEL, DOODLE_TLS_CERTIFICATE, DOODLE_TLS_KEY. Flags win over the environment.")

    @Option(help: "Address to listen on.")
    var host: String = Self.environment("DOODLE_HOST") ?? "127.0.0.1"

    @Option(help: "Port to listen on; 0 picks any free port.")
    var port: Int = Int(Self.environment("DOODLE_PORT") ?? "") ?? 8080

    @Option(help: "The GameRules folder (rules.json and words/).")
    var rules: String = Self.environment("DOODLE_RULES") ?? "./GameRules"

    @Option(help: "The SQLite database file.")
    var database: String = Self.environment("DOODLE_DATABASE") ?? "./doodle.sqlite"

    @Option(help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel: String = Self.environment("DOODLE_LOG_LEVEL") ?? "info"

    @Option(help: "PEM file with the TLS certificate chain; with --tls-key the server speaks only https:// and wss://.")
    var tlsCertificate: String? = Self.environment("DOODLE_TLS_CERTIFICATE")

    @Option(help: "PEM file with the TLS private key (with --tls-certificate).")
    var tlsKey: String? = Self.environment("DOODLE_TLS_KEY")

    func validate() throws {
        guard (tlsCertificate == nil) == (tlsKey == nil) else {
            throw ValidationError("--tls-certificate and --tls-key go together: give both or neither")
        }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be one of: \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0–65535") }
    }

    func run() async throws {
        var logger = Logger(label: "doodle")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        var tls: ServerConfiguration.TLSFiles?
        if let tlsCertificate, let tlsKey {
            tls = ServerConfiguration.TLSFiles(certificateChainPath: tlsCertificate, privateKeyPath: tlsKey)
        }
        let configuration = ServerConfiguration(
            host: host, port: port, rulesFolder: rules, databasePath: database, logLevel: logger.logLevel, tls: tls)
        let application: DoodleApplication
        do {
            application = try await buildApplication(configuration, logger: logger)
        } catch {
            logger.critical("cannot start: \(error)")
            throw ExitCode.failure
        }
        let group = ServiceGroup(
            configuration: .init(
                services: [.init(service: application)], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
    }

    private static func environment(_ name: String) -> String? {
        ProcessInfo.processInfo.environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }
}
