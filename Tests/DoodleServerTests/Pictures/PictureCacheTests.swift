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

    @Test("over its byte limit the least recently used pictures go first; one over an eighth of it is not kept")
    func leastRecentlyUsed() async throws {
        let cache = PictureCache(byteLimit: 800)
        let hundred = ByteBuffer(repeating: 7, count: 100)
        let ids = (1...8).map { "d_\($0)" }
        for id in ids { _ = try await cache.picture(Self.key(id)) { hundred } }
        _ = try await cache.picture(Self.key("d_1")) { Issue.record("d_1 is cached"); return hundred }
        _ = try await cache.picture(Self.key("d_9")) { hundred }
        #expect(await cache.bytes == 800)
        #expect(await cache.statistics.evictions == 1)
        // d_2 was the least recently used: it renders again; the others are still there.
        let rendered = Mutex<[String]>([])
        for id in ids.filter({ $0 != "d_2" }) + ["d_9", "d_2"] {
            _ = try await cache.picture(Self.key(id)) {
                rendered.withLock { $0.append(id) }
                return hundred
            }
        }
        #expect(rendered.withLock { $0 } == ["d_2"])
        #expect(await cache.entryLimit == 100)
        let evictions = await cache.statistics.evictions
        _ = try await cache.picture(Self.key("d_huge")) { ByteBuffer(repeating: 1, count: 101) }
        #expect(await cache.bytes <= 800)
        #expect(await cache.statistics.evictions == evictions, "a picture too large to keep pushes nothing out")
        _ = try await cache.picture(Self.key("d_huge")) { ByteBuffer(repeating: 1, count: 101) }
        #expect(await cache.statistics.renders == 12, "nor is it kept")
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

    @Test("a GIF's and an album's tags name their format, so no PNG tag stands for them")
    func formats() {
        let gif = EntityTag(PictureCache.Key(drawingId: "d_x", format: .gif, size: 512, revision: 7), rendererVersion: 1)
        #expect(gif.value == "\"d_x.7.512.gif.r1\"")
        let album = PictureCache.Key(subject: "g_x", format: .albumPNG, size: 256, revision: 9, drawingIds: ["d_x", "d_y"])
        #expect(EntityTag(album, rendererVersion: 1).value == "\"g_x.9.256.album-png.r1\"")
        #expect(!gif.isMatched(byIfNoneMatch: tag.value))
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
