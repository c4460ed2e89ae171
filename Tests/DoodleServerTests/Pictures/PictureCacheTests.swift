import NIOCore
import Synchronization
import Testing

@testable import DoodleServer

/// How many renders ran, shared by the concurrent requests of a test.
final class RenderCount: Sendable {
    let value = Atomic<Int>(0)
}

@Suite("Picture cache")
struct PictureCacheTests {
    static func key(_ id: String, size: Int = 512, revision: Int64 = 1) -> PictureCache.Key {
        PictureCache.Key(drawingId: id, size: size, revision: revision)
    }

    @Test("a burst of requests for one picture renders it once, and all get its bytes")
    func singleFlight() async throws {
        let cache = PictureCache(byteLimit: 1 << 20)
        let renders = RenderCount()
        let results = try await withThrowingTaskGroup(of: ByteBuffer.self) { group in
            for _ in 0..<50 {
                group.addTask {
                    try await cache.picture(Self.key("d_one")) {
                        renders.value.add(1, ordering: .relaxed)
                        // Long enough for every other request to arrive while this one renders.
                        try await Task.sleep(for: .milliseconds(200))
                        return ByteBuffer(string: "picture")
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(renders.value.load(ordering: .relaxed) == 1)
        #expect(results.count == 50 && results.allSatisfy { $0 == ByteBuffer(string: "picture") })
        let statistics = await cache.statistics
        #expect(statistics.renders == 1)
        #expect(statistics.joined + statistics.hits == 49)
    }

    @Test("a failed render is not cached, and its waiters get its error")
    func failure() async throws {
        struct Refused: Error {}
        let cache = PictureCache(byteLimit: 1 << 20)
        await #expect(throws: Refused.self) { try await cache.picture(Self.key("d_bad")) { throw Refused() } }
        let later = try await cache.picture(Self.key("d_bad")) { ByteBuffer(string: "fine") }
        #expect(later == ByteBuffer(string: "fine"))
        #expect(await cache.statistics.renders == 2)
    }

    @Test("size and revision are part of the key")
    func keys() async throws {
        let cache = PictureCache(byteLimit: 1 << 20)
        for key in [Self.key("d_a"), Self.key("d_a", size: 256), Self.key("d_a", revision: 2), Self.key("d_a")] {
            _ = try await cache.picture(key) { ByteBuffer(string: "\(key)") }
        }
        #expect(await cache.statistics.renders == 3)
        #expect(await cache.statistics.hits == 1)
    }

    @Test("over its byte limit the least recently used pictures go first")
    func leastRecentlyUsed() async throws {
        let cache = PictureCache(byteLimit: 300)
        let hundred = ByteBuffer(repeating: 7, count: 100)
        for id in ["d_1", "d_2", "d_3"] { _ = try await cache.picture(Self.key(id)) { hundred } }
        _ = try await cache.picture(Self.key("d_1")) { Issue.record("d_1 is cached"); return hundred }
        _ = try await cache.picture(Self.key("d_4")) { hundred }
        #expect(await cache.bytes == 300)
        #expect(await cache.statistics.evictions == 1)
        // d_2 was the least recently used: it renders again; d_1, d_3 and d_4 are still there.
        let rendered = Mutex<[String]>([])
        for id in ["d_1", "d_3", "d_4", "d_2"] {
            _ = try await cache.picture(Self.key(id)) {
                rendered.withLock { $0.append(id) }
                return hundred
            }
        }
        #expect(rendered.withLock { $0 } == ["d_2"])
        let oversized = ByteBuffer(repeating: 1, count: 301)
        _ = try await cache.picture(Self.key("d_huge")) { oversized }
        #expect(await cache.bytes <= 300)
    }
}

@Suite("Entity tags")
struct EntityTagTests {
    let tag = EntityTag(PictureCache.Key(drawingId: "d_x", size: 512, revision: 7), rendererVersion: 1)

    @Test("the tag is quoted and names drawing, revision, size and renderer")
    func value() {
        #expect(tag.value == "\"d_x.7.512.r1\"")
        #expect(EntityTag(PictureCache.Key(drawingId: "d_x", size: 512, revision: 7), rendererVersion: 2) != tag)
    }

    @Test("If-None-Match: the tag, in a list, weak, or *; not another tag or an unquoted one")
    func matching() {
        for header in ["\"d_x.7.512.r1\"", " \"a\" , \"d_x.7.512.r1\"", "W/\"d_x.7.512.r1\"", "*"] {
            #expect(tag.isMatched(byIfNoneMatch: header), "\(header)")
        }
        for header in ["\"d_x.7.256.r1\"", "d_x.7.512.r1", "", "\"d_x.8.512.r1\""] {
            #expect(!tag.isMatched(byIfNoneMatch: header), "\(header)")
        }
    }
}
