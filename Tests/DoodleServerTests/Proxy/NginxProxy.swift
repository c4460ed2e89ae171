import ChildProcessSupport
import DoodleTestSupport
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Debian's nginx running `docs/nginx.conf` in front of doodle-server nodes, on 127.0.0.1: only
/// the listen port and the nodes' addresses are rewritten, so the tests run the documented file.
final class NginxProxy: Sendable {
    let port: Int
    private let process: SpawnedProcess

    private init(port: Int, process: SpawnedProcess) {
        self.port = port
        self.process = process
    }

    /// The address every client uses.
    var webSocketURL: String { "ws://127.0.0.1:\(port)/v1/ws" }
    var httpBase: String { "http://127.0.0.1:\(port)" }

    /// Node `name`'s own address through the proxy (`a` is the first node, `b` the second).
    func webSocketURL(node name: String) -> String { "ws://127.0.0.1:\(port)/n/\(name)/v1/ws" }
    func httpBase(node name: String) -> String { "http://127.0.0.1:\(port)/n/\(name)" }

    /// Runs `body` with nginx, listening on `port` (any free one by default), in front of the two
    /// nodes listening on `nodePorts`; nginx is stopped and its folder removed afterwards,
    /// whatever happens.
    static func with<T>(port: Int? = nil, nodePorts: (Int, Int), _ body: (NginxProxy) async throws -> T) async throws -> T {
        let executable = "/usr/sbin/nginx"
        guard FileManager.default.isExecutableFile(atPath: executable) else { throw NginxProxyError.notInstalled }
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("doodle-nginx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: prefix, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: prefix) }

        let port = try port ?? freePort()
        let documented = try String(contentsOfFile: TestServer.repositoryRoot + "/docs/nginx.conf", encoding: .utf8)
        let configuration = try rewrite(documented, port: port, nodePorts: nodePorts)
        let configurationPath = prefix.appendingPathComponent("nginx.conf").path
        try configuration.write(toFile: configurationPath, atomically: true, encoding: .utf8)

        let log = prefix.appendingPathComponent("stderr.log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let logHandle = try FileHandle(forWritingTo: log)
        let process = try SpawnedProcess(
            executable: executable, arguments: ["-p", prefix.path, "-c", configurationPath, "-g", "daemon off;"],
            outputDescriptor: logHandle.fileDescriptor)
        try logHandle.close()
        let proxy = NginxProxy(port: port, process: process)
        defer { proxy.stop() }
        try await proxy.waitUntilListening(log: log)
        return try await body(proxy)
    }

    /// The documented file with the test's ports in place of 8080, 8081 and 8082; fails if the
    /// file no longer has the lines the rewrite expects (so a change to it is noticed here).
    static func rewrite(_ text: String, port: Int, nodePorts: (Int, Int)) throws -> String {
        let replacements = [
            ("listen 127.0.0.1:8080;", "listen 127.0.0.1:\(port);"),
            ("127.0.0.1:8081", "127.0.0.1:\(nodePorts.0)"),
            ("127.0.0.1:8082", "127.0.0.1:\(nodePorts.1)"),
        ]
        var result = text
        for (documented, actual) in replacements {
            guard result.contains(documented) else { throw NginxProxyError.unexpectedConfiguration(missing: documented) }
            result = result.replacingOccurrences(of: documented, with: actual)
        }
        return result
    }

    private func waitUntilListening(log: URL) async throws {
        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        while ContinuousClock.now < deadline {
            guard process.isRunning else {
                throw NginxProxyError.exited(log: (try? String(contentsOf: log, encoding: .utf8)) ?? "")
            }
            if Self.accepts(port: port) { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw NginxProxyError.notListening(log: (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }

    /// Fast shutdown (SIGTERM), then waits for the master process to be gone.
    private func stop() {
        process.signal(SIGTERM)
        process.waitUntilExit()
    }

    /// A port nothing listens on right now (the kernel's pick for port 0), for a process that
    /// must know its address before it starts.
    static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, streamSocket, 0)
        guard descriptor >= 0 else { throw NginxProxyError.noFreePort }
        defer { close(descriptor) }
        var address = loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw NginxProxyError.noFreePort }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { throw NginxProxyError.noFreePort }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func accepts(port: Int) -> Bool {
        let descriptor = socket(AF_INET, streamSocket, 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}

#if canImport(Glibc)
private let streamSocket = Int32(SOCK_STREAM.rawValue)
#else
private let streamSocket = SOCK_STREAM
#endif

enum NginxProxyError: Error, CustomStringConvertible {
    case notInstalled
    case unexpectedConfiguration(missing: String)
    case noFreePort
    case exited(log: String)
    case notListening(log: String)

    var description: String {
        switch self {
        case .notInstalled: "nginx is not installed: run `bash .ci/setup` (it installs Debian's nginx)"
        case .unexpectedConfiguration(let missing): "docs/nginx.conf no longer contains '\(missing)', which the proxy test rewrites"
        case .noFreePort: "no free port for nginx"
        case .exited(let log): "nginx exited at start:\n\(log)"
        case .notListening(let log): "nginx did not listen within 10 s:\n\(log)"
        }
    }
}
