import Foundation
import Logging

#if canImport(Glibc)
import Glibc
#endif

/// A server the tool started as a child process: its pid and WebSocket address.
public struct RunningServer: Sendable {
    public let pid: Int32
    public let port: Int
    public let logPath: String

    public var webSocketURL: String { "ws://127.0.0.1:\(port)/v1/ws" }

    /// The server's CPU time and memory now.
    public func sample() -> ProcessSample? { ProcessSample.read(pid: pid) }
}

/// Starts `doodle-server` or `doodle-relay` on 127.0.0.1, port 0, learns the port from its
/// `listening on 127.0.0.1:PORT` log line, and stops it (SIGTERM, then SIGKILL) when done.
public enum ServerProcess {
    /// The directory of this executable: `doodle-server` and `doodle-relay` are built beside it.
    public static var executableDirectory: URL {
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: path).deletingLastPathComponent()
    }

    /// With `cores`, the server runs on those cores only (`taskset`, which becomes the server:
    /// the pid is the server's).
    public static func with<T: Sendable>(
        executable: URL, arguments: [String], cores: [Int]? = nil, logger: Logger, _ body: (RunningServer) async throws -> T
    ) async throws -> T {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw LoadError.serverDidNotStart("\(executable.path) is not built (swift build -c release)")
        }
        let logPath = FileManager.default.temporaryDirectory.appendingPathComponent("doodle-load-\(UUID().uuidString).log").path
        FileManager.default.createFile(atPath: logPath, contents: nil)
        guard let log = FileHandle(forWritingAtPath: logPath) else { throw LoadError.serverDidNotStart("cannot write \(logPath)") }
        let process =
            if let cores {
                try launch(
                    URL(fileURLWithPath: "/usr/bin/taskset"),
                    arguments: ["--cpu-list", cores.map(String.init).joined(separator: ","), executable.path] + arguments, log: log)
            } else {
                try launch(executable, arguments: arguments, log: log)
            }
        let pid = process.processIdentifier
        defer { try? log.close() }
        let outcome: Result<T, any Error>
        do {
            let port = try await waitForPort(logPath: logPath, isRunning: { process.isRunning })
            logger.info("server started", metadata: ["executable": "\(executable.lastPathComponent)", "pid": "\(pid)", "port": "\(port)"])
            outcome = .success(try await body(RunningServer(pid: pid, port: port, logPath: logPath)))
        } catch {
            outcome = .failure(error)
        }
        await stop(process)
        if case .success = outcome { try? FileManager.default.removeItem(atPath: logPath) }
        return try outcome.get()
    }

    /// Starts `executable` with its output and errors to `log`.
    static func launch(_ executable: URL, arguments: [String], log: FileHandle) throws -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = log
        process.standardError = log
        do {
            try process.run()
        } catch {
            throw LoadError.serverDidNotStart("\(executable.lastPathComponent): \(error)")
        }
        return process
    }

    /// Polls the log for the listening line: at most 30 s, every 50 ms.
    private static func waitForPort(logPath: String, isRunning: () -> Bool) async throws -> Int {
        for _ in 0..<600 {
            if let text = try? String(contentsOfFile: logPath, encoding: .utf8), let port = listeningPort(in: text) {
                return port
            }
            guard isRunning() else {
                let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
                throw LoadError.serverDidNotStart("it exited: \(text.suffix(500))")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw LoadError.serverDidNotStart("no 'listening on' line in \(logPath) after 30 s")
    }

    /// The port of the first `listening on HOST:PORT` message in `log`: the server's own line
    /// (`[DoodleServer] listening on …`), not Hummingbird's earlier "Server started and
    /// listening on …", which a node of a cluster logs before it has joined.
    static func listeningPort(in log: String) -> Int? {
        guard let range = log.range(of: "] listening on ") else { return nil }
        let address = log[range.upperBound...].prefix { !$0.isWhitespace }
        guard let colon = address.lastIndex(of: ":") else { return nil }
        return Int(address[address.index(after: colon)...])
    }

    /// SIGTERM, up to 10 s for a graceful exit, then SIGKILL and up to 5 s more.
    private static func stop(_ process: Process) async {
        guard process.isRunning else { return }
        process.terminate()
        for _ in 0..<200 where process.isRunning { try? await Task.sleep(for: .milliseconds(50)) }
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        for _ in 0..<100 where process.isRunning { try? await Task.sleep(for: .milliseconds(50)) }
    }
}
