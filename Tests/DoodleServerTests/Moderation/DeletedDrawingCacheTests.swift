import DoodleCore
import Foundation
import NIOCore
import Testing

@testable import DoodleServer

/// What the caches forget when an operator deletes a drawing, and the signals that carry the
/// operators' decisions to the other nodes.
@Suite("Caches and signals after moderation")
struct DeletedDrawingCacheTests {
    static func key(_ id: String, size: Int, revision: Int64 = 1) -> PictureCache.Key {
        PictureCache.Key(drawingId: id, size: size, revision: revision)
    }

    static func album(_ gameId: String, holding drawingIds: [String]) -> PictureCache.Key {
        PictureCache.Key(subject: gameId, format: .albumGIF, size: 256, revision: 1, drawingIds: drawingIds)
    }

    @Test("purging a drawing forgets its pictures of every format, size and revision and the albums holding it, and nothing else")
    func purgeEverySize() async throws {
        let cache = PictureCache(byteLimit: 1 << 20)
        let keys = [
            Self.key("d_gone", size: 256), Self.key("d_gone", size: 512), Self.key("d_gone", size: 512, revision: 2),
            PictureCache.Key(drawingId: "d_gone", format: .gif, size: 256, revision: 1),
            Self.album("g_1", holding: ["d_first", "d_gone"]),
            Self.album("g_2", holding: ["d_other"]),
            Self.key("d_kept", size: 512),
        ]
        for key in keys {
            _ = try await cache.picture(key) { ByteBuffer(string: "\(key.subject)-\(key.size)-\(key.revision)") }
        }
        #expect(await cache.count == 7)
        await cache.purge(drawingId: "d_gone")
        _ = try await cache.picture(Self.album("g_2", holding: ["d_other"])) { ByteBuffer(string: "unused") }
        #expect(await cache.statistics.hits == 1, "an album without the drawing is kept")
        await cache.purge(drawingId: "d_other")
        #expect(await cache.count == 1)
        #expect(await cache.bytes == ByteBuffer(string: "d_kept-512-1").readableBytes)
        let rendersBefore = await cache.statistics.renders
        _ = try await cache.picture(Self.key("d_gone", size: 256)) { ByteBuffer(string: "again") }
        #expect(await cache.statistics.renders == rendersBefore + 1, "a purged picture is rendered anew")
        _ = try await cache.picture(Self.key("d_kept", size: 512)) { ByteBuffer(string: "unused") }
        #expect(await cache.statistics.renders == rendersBefore + 1, "the other drawing's picture is still kept")
    }

    @Test("a render under way when its drawing is purged answers its request but is not kept")
    func purgeDuringRender() async throws {
        let cache = PictureCache(byteLimit: 1 << 20)
        let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
        let (go, goContinuation) = AsyncStream.makeStream(of: Void.self)
        async let picture = cache.picture(Self.key("d_gone", size: 512)) {
            startedContinuation.yield()
            for await _ in go { break }
            return ByteBuffer(string: "late")
        }
        for await _ in started { break }
        await cache.purge(drawingId: "d_gone")
        goContinuation.yield()
        #expect(try await picture == ByteBuffer(string: "late"))
        #expect(await cache.count == 0)
        #expect(await cache.bytes == 0)
    }

    static let signals: [ClusterSignal] = [
        ClusterSignal(.closeRoom(code: "K7PQ2M", reason: "spam \"in\" chat ✏️")),
        ClusterSignal(.playerBanned(player: "p_ada")),
        ClusterSignal(.drawingDeleted(drawingId: "d_1", pairId: "pr_1", players: ["p_ada", "p_bob"])),
        ClusterSignal(.drawingDeleted(drawingId: "d_2", pairId: nil, players: [])),
    ]

    @Test("the moderation signals read back as they were sent", arguments: signals)
    func roundTrip(_ signal: ClusterSignal) throws {
        let envelope = DatabaseClusterSignals.Envelope(from: "n_a", signal: signal)
        let text = try DatabaseClusterSignals.encode(envelope)
        #expect(try JSONDecoder().decode(DatabaseClusterSignals.Envelope.self, from: Data(text.utf8)) == envelope)
    }

    @Test("a moderation signal with a field missing is refused", arguments: [
        #"{"signal":{"kind":"closeRoom","code":"K7PQ2M"}}"#,
        #"{"signal":{"kind":"playerBanned"}}"#,
        #"{"signal":{"kind":"drawingDeleted","drawingId":"d_1"}}"#,
    ])
    func refused(_ text: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(DatabaseClusterSignals.Envelope.self, from: Data(text.utf8)) }
    }
}
