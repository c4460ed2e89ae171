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
/// over both, and WebSockets and HTTP pass through unchanged; with the nodes on PostgreSQL, a
/// redirect names a node's address on the proxy.
@Suite("nginx in front of two nodes (docs/nginx.conf)")
struct NginxProxyTests {
    static let logger = Logger(label: "nginx-proxy-test")

    @Test("each node's own URL reaches that node and no other")
    func nodeURLsReachTheirNode() async throws {
        try await withTwoNodesBehindNginx { proxy in
            try await DoodleClient.withConnection(to: proxy.webSocketURL(node: "a"), logger: Self.logger) { host in
                try await host.hello(name: "Ann")
                let room = try await host.createRoom()
                #expect(try await HTTPProbe.status(proxy.httpBase(node: "a") + "/v1/rooms/\(room.code)") == 200)
                #expect(try await HTTPProbe.status(proxy.httpBase(node: "b") + "/v1/rooms/\(room.code)") == 404)
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
                        counts = .success((try await HTTPProbe.rooms(at: proxy.httpBase(node: "a")), try await HTTPProbe.rooms(at: proxy.httpBase(node: "b"))))
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

    @Test("on PostgreSQL, a client that knows only the proxy joins a room on the other node by following the redirect")
    func redirectThroughTheProxy() async throws {
        let proxyPort = try NginxProxy.freePort()
        let names = ["a", "b"]
        try await PostgresNodes.with(count: 2, nodeURL: { index, _ in "ws://127.0.0.1:\(proxyPort)/n/\(names[index])/v1/ws" }) { cluster in
            try await NginxProxy.with(port: proxyPort, nodePorts: (cluster.nodes[0].port, cluster.nodes[1].port)) { proxy in
                try await DoodleClient.withConnection(to: proxy.webSocketURL(node: "a"), logger: Self.logger) { host in
                    try await host.hello(name: "Ann")
                    let room = try await host.createRoom()
                    let lookup = try await HTTPProbe.json(proxy.httpBase(node: "b") + "/v1/rooms/\(room.code)")
                    #expect(lookup["url"] as? String == proxy.webSocketURL(node: "a"), "node b names node a's address on the proxy")
                    try await DoodleClient.withJoinedConnection(to: proxy.webSocketURL(node: "b"), name: "Bob", code: room.code, logger: Self.logger) {
                        _, _, joined, redirects in
                        #expect(redirects == 1)
                        #expect(joined.players.map(\.name) == ["Ann", "Bob"])
                    }
                    // Through the shared address, whichever node nginx picks, the client ends up seated.
                    try await DoodleClient.withJoinedConnection(to: proxy.webSocketURL, name: "Cy", code: room.code, logger: Self.logger) {
                        _, _, joined, redirects in
                        #expect(redirects <= 1)
                        #expect(joined.players.map(\.name).contains("Cy"))
                    }
                }
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
