import DoodleCore
import DoodleStorage
import DoodleTestSupport
import Foundation
import Testing

@testable import DoodleServer

@Suite("Share pages (/d/{id})")
struct SharePageTests {
    @Test("a party drawing's page: Open Graph and Twitter tags with absolute URLs, an image that loads, and no word")
    func partyDrawingPage() async throws {
        try await ArchiveSeed.withSeededServer { server, seed, _, _ in
            let id = seed.drawingIds[0]
            let page = try await server.call("GET", "/d/\(id)")
            #expect(page.status == 200)
            #expect(page.contentType == "text/html; charset=utf-8")
            let tags = Self.metaTags(in: page.text)
            let base = "http://127.0.0.1:\(server.port)"
            #expect(tags["og:url"] == "\(base)/d/\(id)")
            #expect(tags["og:image"] == "\(base)/v1/drawings/\(id).png?size=512")
            #expect(tags["twitter:image"] == tags["og:image"])
            #expect(tags["twitter:card"] == "summary_large_image")
            #expect(tags["og:title"] == "Can you guess what \(seed.drawerName) drew?")
            #expect(tags["og:description"]?.contains("guessed by 1 player") == true)
            #expect(page.text.contains(#"data-drawing-id="\#(id)""#))
            #expect(page.text.contains(#"<script type="module" src="/web/share.js"></script>"#))
            #expect(!page.text.lowercased().contains("lighthouse"), "the word is not in the page")

            // The preview's image, fetched as a link preview would.
            let imagePath = try #require(tags["og:image"]).replacingOccurrences(of: base, with: "")
            let image = try await server.call("GET", imagePath)
            #expect(image.status == 200)
            #expect(image.contentType == "image/png")

            // The page's script and what it imports are served.
            for script in ["share.js", "canvas.js", "replay.js", "avatar.js", "share-report.js"] {
                #expect(try await server.call("GET", "/web/\(script)").status == 200, "\(script)")
            }
            let script = try await server.call("GET", "/web/share.js")
            #expect(Set(WebClientTests.imports(in: script.text)) == ["canvas.js", "replay.js", "avatar.js", "share-report.js"])
        }
    }

    @Test("unknown ids and pair drawings are 404: a pair's drawings stay between the partners")
    func notFound() async throws {
        try await PairActionRoutesTests.withLivePair { pair in
            let drawingId = try await PairActionRoutesTests.adaSends(pair, "c_share_0001", word: "kite")
            #expect(try await pair.server.call("GET", "/v1/drawings/\(drawingId)", authorization: pair.bobAuth).status == 200)
            let shared = try await pair.server.call("GET", "/d/\(drawingId)")
            #expect(shared.status == 404)
            #expect(shared.contentType == "text/html; charset=utf-8")
            #expect(!shared.text.contains("kite"))
            #expect(try await pair.server.call("GET", "/d/d_nothing").status == 404)
        }
    }

    @Test("behind a trusted proxy the URLs use its X-Forwarded-Host and -Proto; from anyone else those headers are ignored")
    func publicAddress() async throws {
        let forwarded = ["X-Forwarded-Host": "doodle.example", "X-Forwarded-Proto": "https"]
        try await ArchiveSeed.withSeededServer(trustedProxies: ["127.0.0.1"]) { server, seed, _, _ in
            let page = try await server.call("GET", "/d/\(seed.drawingIds[0])", headers: forwarded)
            #expect(Self.metaTags(in: page.text)["og:image"] == "https://doodle.example/v1/drawings/\(seed.drawingIds[0]).png?size=512")
        }
        try await ArchiveSeed.withSeededServer { server, seed, _, _ in
            let page = try await server.call("GET", "/d/\(seed.drawingIds[0])", headers: forwarded)
            #expect(Self.metaTags(in: page.text)["og:url"] == "http://127.0.0.1:\(server.port)/d/\(seed.drawingIds[0])")
        }
    }

    @Test("a name with markup in it is escaped in the text and in every attribute")
    func escaping() throws {
        let drawing = DrawingSummary(
            id: "d_x", gameId: "g_x", roomCode: "K7PQ2M", word: "umbrella",
            drawer: PlayerReference(playerId: "p_x", name: #"<script>alert("x")</script> & 'co'"#), guesserCount: 0,
            reactions: ReactionCounts(), startedAt: 0, endedAt: 1)
        let address = try PublicAddress(host: "example.org", secure: true)
        let html = SharePage(drawing, address: address).html
        #expect(!html.contains("<script>alert"))
        #expect(html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;"))
        #expect(!html.contains("umbrella"))
        #expect(Self.metaTags(in: html)["og:image"] == "https://example.org/v1/drawings/d_x.png?size=512")
        #expect(Self.metaTags(in: html)["og:description"]?.contains("guessed by 0 players") == true)
        #expect(throws: APIError.self) {
            try PublicAddress(host: "evil\"><script>", secure: false)
        }
    }

    /// `property` or `name` → `content` of every `<meta>` tag, entities decoded.
    static func metaTags(in html: String) -> [String: String] {
        var tags: [String: String] = [:]
        let pattern = #/<meta (?:property|name)="([^"]+)" content="([^"]*)">/#
        for match in html.matches(of: pattern) {
            tags[String(match.1)] = String(match.2)
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&amp;", with: "&")
        }
        return tags
    }
}
