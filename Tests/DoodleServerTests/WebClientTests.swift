import DoodleTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("The browser client")
struct WebClientTests {
    @Test("GET / serves the page, which talks to /v1/ws")
    func servesThePage() async throws {
        try await TestServer.with { server in
            let url = try #require(URL(string: server.httpBase + "/"))
            let (data, response) = try await URLSession.shared.data(from: url)
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.statusCode == 200)
            #expect(http.value(forHTTPHeaderField: "Content-Type") == "text/html; charset=utf-8")
            let page = String(decoding: data, as: UTF8.self)
            #expect(page.contains("<canvas"))
            #expect(page.contains("/v1/ws"))
            // Every room control of the contract has a way in from the page.
            for type in ["lockRoom", "updateSettings", "startGame", "leaveRoom"] {
                #expect(page.contains(#"type: "\#(type)""#), "\(type)")
            }
            #expect(page.contains(#"type: amOwner() ? "kick" : "voteKick""#))
        }
    }

    @Test("HEAD / answers like GET, without the page")
    func headOfThePage() async throws {
        try await TestServer.with { server in
            var request = URLRequest(url: try #require(URL(string: server.httpBase + "/")))
            request.httpMethod = "HEAD"
            let (data, response) = try await URLSession.shared.data(for: request)
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.statusCode == 200)
            #expect(http.value(forHTTPHeaderField: "Content-Type") == "text/html; charset=utf-8")
            #expect(Int(http.value(forHTTPHeaderField: "Content-Length") ?? "") ?? 0 > 1000)
            #expect(data.isEmpty)
        }
    }
}
