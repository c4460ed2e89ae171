import DoodleTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The browser client's files as the server serves them. What the page does is tested in
/// headless Chromium (`Tests/Browser`, run by `.ci/browser`); these check what is served.
@Suite("The browser client")
struct WebClientTests {
    /// The page's scripts, each imported by the page or by another script.
    static let scripts = [
        "app.js", "connection.js", "party.js", "pair.js", "pen.js", "canvas.js", "replay.js", "gallery.js", "ui.js", "i18n.js", "icons.js",
        "invite.js", "leaderboard.js", "sound.js", "packs.js", "play.js", "rooms.js", "countdown.js", "watch.js", "moderation.js",
        "reactions.js", "account.js", "account-api.js", "account-devices.js", "account-move.js", "account-providers.js",
        "account-session.js", "account-strings.js", "avatar.js", "avatar-editor.js", "avatar-strings.js", "bots.js", "bots-strings.js", "names.js", "reports.js",
        "reports-strings.js", "telephone.js", "telephone-strings.js",
    ]

    @Test("GET / serves the page, which loads its script as a module and its style sheet")
    func servesThePage() async throws {
        try await TestServer.with { server in
            let (page, http) = try await get(server, "/")
            #expect(http.statusCode == 200)
            #expect(http.value(forHTTPHeaderField: "Content-Type") == "text/html; charset=utf-8")
            #expect(page.contains(#"<script type="module" src="/web/app.js"></script>"#))
            #expect(page.contains(#"<link rel="stylesheet" href="/web/style.css">"#))
            #expect(page.contains(#"<canvas id="board""#))
            #expect(page.contains(#"<canvas id="pair-board""#))
        }
    }

    @Test("Every script is served as JavaScript, and every module a script imports is served")
    func servesEveryScript() async throws {
        try await TestServer.with { server in
            var imported: Set<String> = ["app.js"]
            for name in Self.scripts {
                let (script, http) = try await get(server, "/web/\(name)")
                #expect(http.statusCode == 200, "\(name)")
                #expect(http.value(forHTTPHeaderField: "Content-Type") == "text/javascript; charset=utf-8", "\(name)")
                imported.formUnion(Self.imports(in: script))
            }
            #expect(imported == Set(Self.scripts), "the scripts the page needs are exactly the ones listed here")
            // `call` also checks the answers against docs/openapi.json.
            let css = try await server.call("GET", "/web/style.css")
            #expect(css.status == 200)
            #expect(css.contentType == "text/css; charset=utf-8")
            #expect(try await server.call("GET", "/web/app.js").status == 200)
            #expect(try await server.call("HEAD", "/web/app.js").status == 200)
        }
    }

    @Test("The client has a way in to every room control, pair message and archive route it uses")
    func sendsEveryControl() async throws {
        try await TestServer.with { server in
            var client = ""
            for name in Self.scripts { client += try await get(server, "/web/\(name)").body }
            #expect(client.contains("/v1/ws"))
            for type in ["lockRoom", "updateSettings", "startGame", "leaveRoom", "suggestWords", "unpair", "sync", "rename", "submitText", "unsubmit", "revealNext"] {
                #expect(client.contains(#"type: "\#(type)""#), "\(type)")
            }
            #expect(client.contains(#"type: amOwner() ? "kick" : "voteKick""#))
            #expect(client.contains(#"send({ type: "createRoom", mode: "pair" })"#))
            #expect(client.contains(#"send({ type: "beginDrawing", clientDrawingId: id, word })"#))
            #expect(client.contains(#"send({ type: "submitDrawing", clientDrawingId: draft.clientDrawingId })"#))
            #expect(client.contains(#"send({ type: "guess", drawingId: selectedId, text })"#))
            #expect(client.contains(#"send({ type: "giveUp", drawingId: selectedId })"#))
            #expect(client.contains(#"send(pack ? { type: "quickPlay", wordPack: pack, ...mode } : { type: "quickPlay", ...mode })"#))
            #expect(client.contains(#"send({ type: "createRoom", mode: "telephone", settings: telephoneSettings() })"#))
            #expect(client.contains(#"send({ type: "submitDrawing" })"#))
            #expect(client.contains(#"send({ type: "joinRoom", code: room.code, spectate: true })"#))
            #expect(client.contains(#"send({ type: "spectate", on: false })"#))
            #expect(client.contains(#"api("/v1/word-packs")"#))
            #expect(client.contains("api(`/v1/rooms?wordPack=${encodeURIComponent(pack)}&limit=50`)"))
            #expect(client.contains("api(`/v1/games/${encodeURIComponent(gameId)}`)"))
            #expect(client.contains("api(`/v1/me/pair/drawings?box=${box}&limit=30`)"))
            #expect(client.contains("`/v1/drawings/${encodeURIComponent(d.id)}.svg`"))
        }
    }

    @Test("The icon is served at /favicon.ico and at the address the page links, as SVG")
    func servesTheIcon() async throws {
        try await TestServer.with { server in
            let (page, _) = try await get(server, "/")
            #expect(page.contains(#"<link rel="icon" href="/web/favicon.svg" type="image/svg+xml">"#))
            for path in ["/favicon.ico", "/web/favicon.svg"] {
                let (icon, http) = try await get(server, path)
                #expect(http.statusCode == 200, "\(path)")
                #expect(http.value(forHTTPHeaderField: "Content-Type") == "image/svg+xml; charset=utf-8", "\(path)")
                #expect(icon.hasPrefix("<svg"), "\(path)")
            }
        }
    }

    @Test("An unknown file under /web/ is a 404 with the API's error body")
    func unknownFile() async throws {
        try await TestServer.with { server in
            let answer = try await server.call("GET", "/web/missing.js")
            #expect(answer.status == 404)
            #expect(answer.errorCode == "not_found")
        }
    }

    @Test("HEAD answers like GET, without the body", arguments: ["/", "/web/app.js"])
    func headOfAFile(path: String) async throws {
        try await TestServer.with { server in
            var request = URLRequest(url: try #require(URL(string: server.httpBase + path)))
            request.httpMethod = "HEAD"
            let (data, response) = try await URLSession.shared.data(for: request)
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.statusCode == 200)
            let (full, _) = try await get(server, path)
            #expect(Int(http.value(forHTTPHeaderField: "Content-Length") ?? "") == full.utf8.count)
            #expect(data.isEmpty)
        }
    }

    private func get(_ server: TestServer, _ path: String) async throws -> (body: String, response: HTTPURLResponse) {
        let url = try #require(URL(string: server.httpBase + path))
        let (data, response) = try await URLSession.shared.data(from: url)
        return (String(decoding: data, as: UTF8.self), try #require(response as? HTTPURLResponse))
    }

    /// The files a script imports: `from "./name.js"`.
    /// Modules named by `… from "./x.js"` and by side-effect imports, `import "./x.js"`.
    static func imports(in script: String) -> Set<String> {
        var names: Set<String> = []
        for opening in [#"from "./"#, #"import "./"#] {
            var rest = script[...]
            while let found = rest.range(of: opening) {
                rest = rest[found.upperBound...]
                guard let end = rest.firstIndex(of: "\"") else { break }
                names.insert(String(rest[..<end]))
            }
        }
        return names
    }
}
