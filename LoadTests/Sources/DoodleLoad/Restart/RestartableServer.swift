import Foundation
import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A `doodle-server` the restart scenario stops and starts again on the same port and database,
/// so that its clients reconnect to the address they had, as behind a proxy or after a deploy.
public final class RestartableServer: Sendable {
    public enum Stop: String, Sendable {
        /// SIGTERM: the server writes every room's last checkpoint, then closes with 4001.
        case graceful = "SIGTERM"
        /// SIGKILL: nothing written after the last checkpoint.
        case kill = "kill -9"
    }

    public let port: Int
    public let logPath: String
    private let executable: URL
    private let arguments: [String]
    private let logger: Logger
    private let running = Mutex<Process?>(nil)

    public var webSocketURL: String { "ws://127.0.0.1:\(port)/v1/ws" }

    /// Whether the server is a node of a cluster, at its own address (`--node-url`).
    private let clusterNode: Bool

    /// - Parameter arguments: the server's options but `--host`, `--port` and `--node-url`.
    /// - Parameter clusterNode: the server is a node of a cluster (`arguments` name its
    ///   PostgreSQL database), whose address is this port's.
    public init(executable: URL, arguments: [String], clusterNode: Bool = false, logger: Logger) throws {
        self.clusterNode = clusterNode
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw LoadError.serverDidNotStart("\(executable.path) is not built (swift build -c release)")
        }
        self.executable = executable
        self.arguments = arguments
        self.logger = logger
        self.port = try Self.freePort()
        logPath = FileManager.default.temporaryDirectory.appendingPathComponent("doodle-restart-\(UUID().uuidString).log").path
        FileManager.default.createFile(atPath: logPath, contents: nil)
    }

    /// Starts the server and returns once it logs that it listens (its rooms restored by then).
    public func start() async throws {
        guard let log = FileHandle(forWritingAtPath: logPath) else { throw LoadError.serverDidNotStart("cannot write \(logPath)") }
        log.seekToEndOfFile()
        let before = (try? String(contentsOfFile: logPath, encoding: .utf8))?.utf8.count ?? 0
        let address = ["--host", "127.0.0.1", "--port", "\(port)"] + (clusterNode ? ["--node-url", webSocketURL] : [])
        let process = try ServerProcess.launch(executable, arguments: address + arguments, log: log)
        try? log.close()
        running.withLock { $0 = process }
        for _ in 0..<600 {
            if let text = try? String(contentsOfFile: logPath, encoding: .utf8),
                String(decoding: text.utf8.dropFirst(before), as: UTF8.self).contains("] listening on 127.0.0.1:\(port)")
            {
                logger.info("server started", metadata: ["pid": "\(process.processIdentifier)", "port": "\(port)"])
                return
            }
            guard process.isRunning else {
                let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
                throw LoadError.serverDidNotStart("it exited: \(text.suffix(500))")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw LoadError.serverDidNotStart("no 'listening on' line in \(logPath) after 12 s")
    }

    /// Stops the server the way asked and returns once the process has exited (at most 30 s,
    /// then SIGKILL).
    public func stop(_ how: Stop) async {
        guard let process = running.withLock({ $0 }), process.isRunning else { return }
        kill(process.processIdentifier, how == .graceful ? SIGTERM : SIGKILL)
        for _ in 0..<1_500 where process.isRunning { try? await Task.sleep(for: .milliseconds(20)) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            for _ in 0..<250 where process.isRunning { try? await Task.sleep(for: .milliseconds(20)) }
        }
        running.withLock { $0 = nil }
    }

    /// A port of 127.0.0.1 free now: bound, read and closed. The server binds it a moment later.
    private static func freePort() throws -> Int {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { throw LoadError.serverDidNotStart("no socket for a free port") }
        defer { close(socketFD) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(socketFD, pointer, length) == 0 && getsockname(socketFD, pointer, &length) == 0
            }
        }
        guard bound else { throw LoadError.serverDidNotStart("could not find a free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
