import ChildProcessSupport
import DoodleTestSupport
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real `doodle-server` executable running as a child process on 127.0.0.1, port 0: for
/// tests that need what an in-process server cannot give, such as being killed with SIGKILL.
final class ChildServer: Sendable {
    let process: SpawnedProcess
    let port: Int
    private let output: ServerOutput

    var pid: Int32 { process.processIdentifier }
    var webSocketURL: String { "ws://127.0.0.1:\(port)/v1/ws" }
    var httpBase: String { "http://127.0.0.1:\(port)" }
    /// The end of what the server logged, for failure messages.
    var logTail: String { output.tail }

    private init(process: SpawnedProcess, port: Int, output: ServerOutput) {
        self.process = process
        self.port = port
        self.output = output
    }

    /// Starts `doodle-server` with `arguments` (plus `--port port`, any free port by default) and
    /// returns once its `listening on 127.0.0.1:PORT` line has been logged (at most
    /// `startTimeout`). The caller must `sendSIGKILL()` it, also when the test fails.
    static func start(arguments: [String], port: Int = 0, startTimeout: Duration = .seconds(20)) async throws -> ChildServer {
        let executable = try locateExecutable(named: "doodle-server")
        let pipe = Pipe()
        let output = ServerOutput()
        // The pipe is read for the whole life of the process: a full pipe would block the
        // server's logging, and with it the server.
        pipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty {
                handle.readabilityHandler = nil
            } else {
                output.append(data)
            }
        }
        let process = try SpawnedProcess(
            executable: executable.path, arguments: arguments + ["--port", String(port)],
            outputDescriptor: pipe.fileHandleForWriting.fileDescriptor)
        // The child has its own copy: the read end sees the end of the output when the child exits.
        try pipe.fileHandleForWriting.close()
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: startTimeout)
        while clock.now < deadline {
            if let port = output.listeningPort {
                return ChildServer(process: process, port: port, output: output)
            }
            guard process.isRunning else {
                throw ChildServerError.exitedEarly(log: output.tail)
            }
            do {
                try await Task.sleep(for: .milliseconds(20))
            } catch {
                process.signal(SIGKILL)
                process.waitUntilExit()
                throw error
            }
        }
        process.signal(SIGKILL)
        process.waitUntilExit()
        throw ChildServerError.noListeningLine(log: output.tail)
    }

    /// Runs `body` with a `doodle-server` child on a database in a fresh scratch folder (the
    /// shipped rules, log level info). The child is killed and the folder removed afterwards,
    /// whatever happens; `body` gets the database's path to read it after the child is gone.
    static func withTemporaryDatabase<T>(_ body: (ChildServer, _ databasePath: String) async throws -> T) async throws -> T {
        try await withScratchDatabase(.sqlite) { server, database in try await body(server, database.location) }
    }

    /// Runs `body` with the arguments of a `doodle-server` on a database in a fresh scratch
    /// folder (the shipped rules, log level info, plus `extra`), for tests that start, kill and
    /// start again servers on one file. The folder is removed afterwards.
    static func withScratchArguments<T>(extra: [String] = [], _ body: ([String]) async throws -> T) async throws -> T {
        try await ChildDatabase.with(.sqlite) { database in try await body(database.serverArguments(extra: extra)) }
    }

    /// Sends SIGKILL if the process still runs: no shutdown handler, no flush, no goodbye. Returns
    /// once it is gone (and reaped: nothing else would reap it).
    func sendSIGKILL() {
        process.signal(SIGKILL)
        process.waitUntilExit()
    }

    /// Waits (at most `timeout`) until the process has exited; true if it has.
    func waitForExit(timeout: Duration = .seconds(5)) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while process.isRunning && clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        return !process.isRunning
    }

    /// `doodle-server` is built into the same folder as the test bundle (`swift test` builds
    /// every product). The runner's location differs by platform (a bare executable in the
    /// build folder on Linux, inside an `.xctest` bundle on macOS), so the candidates' folders
    /// and their parents are searched.
    static func locateExecutable(named name: String) throws -> URL {
        var starts = [Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0])]
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            starts.append(URL(fileURLWithPath: path))
        }
        var searched: [String] = []
        for start in starts {
            var folder = start.deletingLastPathComponent()
            for _ in 0..<4 {
                let candidate = folder.appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                searched.append(folder.path)
                folder.deleteLastPathComponent()
            }
        }
        throw ChildServerError.executableNotFound(name: name, searched: searched)
    }
}

/// Everything the child server wrote to standard output and standard error.
private final class ServerOutput: Sendable {
    private let buffer = Mutex("")

    func append(_ data: Data) {
        let text = String(decoding: data, as: UTF8.self)
        buffer.withLock { $0 += text }
    }

    var tail: String { buffer.withLock { String($0.suffix(2_000)) } }

    /// The port of the server's own `listening on 127.0.0.1:PORT` line, once it has been logged.
    var listeningPort: Int? { buffer.withLock { ChildServer.listeningPort(in: $0) } }
}

extension ChildServer {
    /// The port in `log`'s first `[Source] listening on 127.0.0.1:PORT` line. Hummingbird logs
    /// "Server started and listening on …" first, before a node has joined its cluster; only
    /// the server's own line, its message beginning with the words, means ready.
    static func listeningPort(in log: String) -> Int? {
        guard let range = log.range(of: "] listening on 127.0.0.1:") else { return nil }
        return Int(String(log[range.upperBound...].prefix(while: \.isNumber)))
    }
}

enum ChildServerError: Error, CustomStringConvertible {
    case executableNotFound(name: String, searched: [String])
    case exitedEarly(log: String)
    case noListeningLine(log: String)

    /// The server stopped because another process took its port first: the race of choosing a
    /// free port for a child before the child binds it.
    var lostItsPort: Bool {
        if case .exitedEarly(let log) = self { return log.contains("Address already in use") }
        return false
    }

    var description: String {
        switch self {
        case .executableNotFound(let name, let searched):
            "\(name) is not built next to the tests (run `swift build --build-tests` or `swift test`); looked in: \(searched.joined(separator: ", "))"
        case .exitedEarly(let log): "doodle-server exited before listening:\n\(log)"
        case .noListeningLine(let log): "doodle-server logged no 'listening on' line:\n\(log)"
        }
    }
}
