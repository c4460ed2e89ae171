import DoodleClient
import DoodleCore
import DoodleTestSupport
import Foundation
import Logging
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The documented reverse proxy (docs/nginx.conf, Debian's nginx) in front of two real
/// `doodle-server` processes: each node's own URL reaches that node, new connections are spread
/// over both, and WebSockets and HTTP pass through unchanged.
@Suite("nginx in front of two nodes (docs/nginx.conf)")
struct NginxProxyTests {
    static let logger = Logger(label: "nginx-proxy-test")

    @Test("each node's own URL reaches that node and no other")
    func nodeURLsReachTheirNode() async throws {
        try await withTwoNodesBehindNginx { proxy in
            try await DoodleClient.withConnection(to: proxy.webSocketURL(node: "a"), logger: Self.logger) { host in
                try await host.hello(name: "Ann")
                let room = try await host.createRoom()
                #expect(try await Self.status(proxy.httpBase(node: "a") + "/v1/rooms/\(room.code)") == 200)
                #expect(try await Self.status(proxy.httpBase(node: "b") + "/v1/rooms/\(room.code)") == 404)
                // A second player reaches the room through the node's own URL and plays in it.
                try await DoodleClient.withConnection(to: proxy.webSocketURL(node: "a"), logger: Self.logger) { guest in
                    try await guest.hello(name: "Bob")
                    let joined = try await guest.joinRoom(code: room.code)
                    #expect(joined.players.count == 2)
                }
            }
        }
    }

    @Test("new WebSocket connections are spread over both nodes")
    func newConnectionsAreBalanced() async throws {
        try await withTwoNodesBehindNginx { proxy in
            let connections = 6
            try await withThrowingTaskGroup(of: Void.self) { group in
                let opened = RoomsOpened()
                for index in 0..<connections {
                    group.addTask {
                        try await DoodleClient.withConnection(to: proxy.webSocketURL, logger: Self.logger) { client in
                            try await client.hello(name: "P\(index)")
                            _ = try await client.createRoom()
                            await opened.add()
                            // Every connection stays open until all rooms are counted.
                            await opened.waitUntilCounted()
                        }
                    }
                }
                group.addTask {
                    await opened.waitUntil(count: connections)
                    let counts: Result<(Int, Int), any Error>
                    do {
                        counts = .success((try await Self.rooms(at: proxy.httpBase(node: "a")), try await Self.rooms(at: proxy.httpBase(node: "b"))))
                    } catch {
                        counts = .failure(error)
                    }
                    // Released whatever the count did, so no connection waits forever.
                    await opened.markCounted()
                    let (a, b) = try counts.get()
                    #expect(a + b == connections)
                    #expect(a >= 1 && b >= 1, "rooms per node: a \(a), b \(b)")
                }
                try await group.waitForAll()
            }
        }
    }

    // MARK: - Helpers

    private func withTwoNodesBehindNginx(_ body: (NginxProxy) async throws -> Void) async throws {
        try await ChildServer.withTemporaryDatabase { a, _ in
            try await ChildServer.withTemporaryDatabase { b, _ in
                try await NginxProxy.with(nodePorts: (a.port, b.port), body)
            }
        }
    }

    static func status(_ url: String) async throws -> Int {
        let (_, response) = try await URLSession.shared.data(from: try #require(URL(string: url)))
        return try #require(response as? HTTPURLResponse).statusCode
    }

    /// The node's `doodle_rooms` gauge, read from its own `/metrics` through the proxy.
    static func rooms(at base: String) async throws -> Int {
        let (data, _) = try await URLSession.shared.data(from: try #require(URL(string: base + "/metrics")))
        let line = try #require(String(decoding: data, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix("doodle_rooms ") })
        return Int(try #require(Double(line.split(separator: " ")[1])))
    }
}

/// Counts rooms as they open and holds their connections until they have been counted.
private actor RoomsOpened {
    private var count = 0
    private var counted = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func add() {
        count += 1
        resumeWaiters()
    }

    func markCounted() {
        counted = true
        resumeWaiters()
    }

    func waitUntil(count target: Int) async {
        while count < target { await suspend() }
    }

    func waitUntilCounted() async {
        while !counted { await suspend() }
    }

    private func suspend() async {
        await withCheckedContinuation { waiters.append($0) }
    }

    private func resumeWaiters() {
        let resumed = waiters
        waiters = []
        for waiter in resumed { waiter.resume() }
    }
}
