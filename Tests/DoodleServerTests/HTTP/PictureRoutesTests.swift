import DoodleTestSupport
import Foundation
import Testing

/// `GET /v1/drawings/{id}.png` on a live server holding one seeded game; answers are checked
/// against docs/openapi.json by `TestServer.call`.
@Suite("HTTP picture routes")
struct PictureRoutesTests {
    /// Width and height from a PNG's IHDR chunk, or nil if the bytes do not start like a PNG.
    static func dimensions(_ png: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](png)
        guard bytes.count >= 24, bytes.prefix(8) == [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], bytes[12..<16] == [0x49, 0x48, 0x44, 0x52]
        else { return nil }
        func word(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    @Test("a drawing as PNG: 512 px square by default, the size asked for otherwise, with an ETag and public caching")
    func png() async throws {
        try await ArchiveSeed.withSeededServer { server, seed, _, _ in
            let picture = try await server.call("GET", "/v1/drawings/\(seed.drawingIds[0]).png")
            #expect(picture.status == 200)
            #expect(picture.contentType == "image/png")
            #expect(Self.dimensions(picture.body).map { [$0.width, $0.height] } == [512, 512])
            #expect(picture.eTag?.hasPrefix("\"") == true && picture.eTag?.hasSuffix("\"") == true)
            #expect(picture.cacheControl?.hasPrefix("public") == true)
            let small = try await server.call("GET", "/v1/drawings/\(seed.drawingIds[0]).png?size=64")
            #expect(Self.dimensions(small.body).map { [$0.width, $0.height] } == [64, 64])
            #expect(small.eTag != picture.eTag)
            let other = try await server.call("GET", "/v1/drawings/\(seed.drawingIds[1]).png")
            #expect(other.eTag != picture.eTag)
            let again = try await server.call("GET", "/v1/drawings/\(seed.drawingIds[0]).png?size=512")
            #expect(again.body == picture.body)
            #expect(again.eTag == picture.eTag)
        }
    }

    @Test("If-None-Match with the current tag is 304 with no body; another tag gets the picture")
    func notModified() async throws {
        try await ArchiveSeed.withSeededServer { server, seed, _, _ in
            let path = "/v1/drawings/\(seed.drawingIds[0]).png?size=256"
            let first = try await server.call("GET", path)
            let tag = try #require(first.eTag)
            for header in [tag, "W/\(tag)", "\"other\", \(tag)", "*"] {
                let cached = try await server.call("GET", path, headers: ["If-None-Match": header])
                #expect(cached.status == 304, "If-None-Match: \(header)")
                #expect(cached.body.isEmpty)
                #expect(cached.eTag == tag)
                #expect(cached.cacheControl == first.cacheControl)
            }
            let stale = try await server.call("GET", path, headers: ["If-None-Match": "\"d_seed_first.0.256.r0\""])
            #expect(stale.status == 200)
            #expect(stale.body == first.body)
            let otherSize = try await server.call("GET", "/v1/drawings/\(seed.drawingIds[0]).png?size=128", headers: ["If-None-Match": tag])
            #expect(otherSize.status == 200)
        }
    }

    @Test("a bad size is 400 and an unknown drawing 404", arguments: ["0", "63", "1025", "big", "512.5", ""])
    func badSize(size: String) async throws {
        try await ArchiveSeed.withSeededServer { server, seed, _, _ in
            let answer = try await server.call("GET", "/v1/drawings/\(seed.drawingIds[0]).png?size=\(size)")
            #expect(answer.status == 400)
            #expect(answer.errorCode == "bad_message")
            let missing = try await server.call("GET", "/v1/drawings/d_nothing.png")
            #expect(missing.status == 404)
            #expect(missing.errorCode == "not_found")
        }
    }
}
