import DoodleClient
import DoodleCore
import DoodleServer
import DoodleTestSupport
import Foundation
import Synchronization
import Testing

/// `latest-received.png` answered from the widgets' latest-head cache on a live server, where
/// every change goes through the pair room: the cache must never answer an old 304 once a
/// change is committed. `/metrics` shows both picture-side caches.
/// Set once by one task, watched by another.
final class Flag: Sendable {
    let value = Atomic<Bool>(false)
}

@Suite("HTTP widget cache: latest-received.png without a database read, never stale")
struct WidgetCacheRoutesTests {
    static let widget = "/v1/me/latest-received.png?size=64"

    /// One poll of `authorization`'s widget, naming `tag` if given.
    static func poll(_ server: TestServer, _ authorization: String, tag: String? = nil) async throws -> APIAnswer {
        try await server.call("GET", widget, authorization: authorization, headers: tag.map { ["If-None-Match": $0] } ?? [:])
    }

    /// The widget's current tag, and a check that naming it is a 304 (which caches the head).
    static func currentTag(_ server: TestServer, _ authorization: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let answer = try await poll(server, authorization)
        #expect(answer.status == 200, sourceLocation: sourceLocation)
        let tag = try #require(answer.eTag, sourceLocation: sourceLocation)
        #expect(try await poll(server, authorization, tag: tag).status == 304, sourceLocation: sourceLocation)
        return tag
    }

    static func metric(_ name: String, on server: TestServer) async throws -> Int? {
        let text = try await server.send("GET", "/metrics").text
        for line in text.split(separator: "\n") where line.hasPrefix(name + " ") {
            return Double(line.dropFirst(name.count + 1)).map { Int($0) }
        }
        return nil
    }

    @Test("a drawing arrives while the widget polls: the next poll after the upload is 200 with the new drawing's tag, never the old 304")
    func newDrawingAtOnce() async throws {
        try await PairActionRoutesTests.withLivePair { pair in
            var tag = try await Self.currentTag(pair.server, pair.bobAuth)
            for round in 0..<4 {
                // A poller keeps reads of Bob's head in flight while the drawing commits.
                let uploaded = Flag()
                let drawingId = try await withThrowingTaskGroup(of: String?.self) { group in
                    group.addTask { [tag] in
                        while !uploaded.value.load(ordering: .acquiring) {
                            _ = try await Self.poll(pair.server, pair.bobAuth, tag: tag)
                        }
                        return nil
                    }
                    group.addTask {
                        defer { uploaded.value.store(true, ordering: .releasing) }
                        return try await PairActionRoutesTests.adaSends(pair, "c_widget_\(round)_0001", word: "kite")
                    }
                    var id: String?
                    for try await result in group { id = id ?? result }
                    return try #require(id)
                }
                let next = try await Self.poll(pair.server, pair.bobAuth, tag: tag)
                #expect(next.status == 200, "round \(round): the old tag is no longer current")
                let newTag = try #require(next.eTag)
                #expect(newTag != tag)
                #expect(newTag.contains(drawingId), "round \(round): the tag names the drawing just sent")
                #expect(try await Self.poll(pair.server, pair.bobAuth, tag: newTag).status == 304)
                tag = newTag
            }
            #expect(try await Self.metric("doodle_widget_head_cache_hits_total", on: pair.server) ?? 0 > 0)
        }
    }

    @Test("after unpairing, both partners' widgets show the starter drawing at once")
    func unpairing() async throws {
        try await PairActionRoutesTests.withLivePair { pair in
            let starter = try await Self.currentTag(pair.server, pair.adaAuth)
            _ = try await PairActionRoutesTests.adaSends(pair, "c_widget_unpair1", word: "kite")
            let upload = try PairActionRoutesTests.upload("c_widget_unpair2", word: "moon")
            #expect(try await pair.server.call("POST", "/v1/me/pair/drawings", authorization: pair.bobAuth, body: upload).status == 201)
            let adaTag = try await Self.currentTag(pair.server, pair.adaAuth)
            let bobTag = try await Self.currentTag(pair.server, pair.bobAuth)
            #expect(adaTag != starter && bobTag != starter)

            #expect(try await pair.server.call("DELETE", "/v1/me/pair", authorization: pair.bobAuth).status == 200)
            for (authorization, tag) in [(pair.adaAuth, adaTag), (pair.bobAuth, bobTag)] {
                let answer = try await Self.poll(pair.server, authorization, tag: tag)
                #expect(answer.status == 200)
                #expect(answer.eTag == starter, "unpaired: the starter drawing")
            }
        }
    }

    @Test("after DELETE /v1/me the deleted token is 401 and the partner's widget shows the starter drawing")
    func deletion() async throws {
        try await PairActionRoutesTests.withLivePair { pair in
            let starter = try await Self.currentTag(pair.server, pair.adaAuth)
            _ = try await PairActionRoutesTests.adaSends(pair, "c_widget_delete1", word: "kite")
            let bobTag = try await Self.currentTag(pair.server, pair.bobAuth)

            #expect(try await pair.server.call("DELETE", "/v1/me", authorization: pair.adaAuth).status == 204)
            #expect(try await Self.poll(pair.server, pair.adaAuth, tag: starter).status == 401)
            let bob = try await Self.poll(pair.server, pair.bobAuth, tag: bobTag)
            #expect(bob.status == 200)
            #expect(bob.eTag == starter)
        }
    }

    @Test("the cache holds at most --widget-cache-entries tokens, and /metrics shows both caches")
    func bounded() async throws {
        try await TestServer.with(widgetCacheEntries: 2) { server in
            try await server.withConnections(4) { connections in
                var tokens: [String] = []
                for (index, connection) in connections.enumerated() {
                    tokens.append(try await connection.hello(name: "Widget\(index)").token)
                }
                for _ in 0..<2 {
                    for token in tokens { _ = try await Self.currentTag(server, "Bearer \(token)") }
                }
                #expect(try await Self.metric("doodle_widget_head_cache_entries", on: server) == 2)
                #expect(try await Self.metric("doodle_widget_head_cache_evictions_total", on: server) ?? 0 >= 2)
                #expect(try await Self.metric("doodle_widget_head_cache_misses_total", on: server) ?? 0 >= 4)
                #expect(try await Self.metric("doodle_widget_head_cache_hits_total", on: server) != nil)
                // Every poll drew the one starter picture at 64 px: rendered once, then from the picture cache.
                #expect(try await Self.metric("doodle_picture_cache_misses_total", on: server) == 1)
                #expect(try await Self.metric("doodle_picture_cache_hits_total", on: server) ?? 0 >= 7)
                #expect(try await Self.metric("doodle_picture_cache_entries", on: server) == 1)
            }
        }
    }
}
