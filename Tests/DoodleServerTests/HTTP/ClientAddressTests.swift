import DoodleTestSupport
import Foundation
import Testing

@testable import DoodleServer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Who a request is from, behind a reverse proxy")
struct ClientAddressTests {
    let behindOneProxy = ClientAddress(trustedProxies: ["127.0.0.1"])

    @Test("a peer that is not a trusted proxy is the client, whatever X-Forwarded-For it sends")
    func untrustedPeer() {
        #expect(ClientAddress(trustedProxies: []).of(peer: "198.51.100.4", forwardedFor: ["203.0.113.7"]) == "198.51.100.4")
        #expect(behindOneProxy.of(peer: "198.51.100.4", forwardedFor: ["203.0.113.7"]) == "198.51.100.4")
        #expect(behindOneProxy.of(peer: nil, forwardedFor: []) == "unknown")
    }

    @Test("through a trusted proxy the client is the nearest hop it did not append itself")
    func throughProxies() {
        #expect(behindOneProxy.of(peer: "127.0.0.1", forwardedFor: ["203.0.113.7"]) == "203.0.113.7")
        // A client's own X-Forwarded-For comes first; the proxy appends the address it saw.
        #expect(behindOneProxy.of(peer: "127.0.0.1", forwardedFor: ["6.6.6.6, 203.0.113.7"]) == "203.0.113.7")
        #expect(behindOneProxy.of(peer: "127.0.0.1", forwardedFor: ["6.6.6.6", "203.0.113.7"]) == "203.0.113.7")
        let twoProxies = ClientAddress(trustedProxies: ["127.0.0.1", "10.0.0.2"])
        #expect(twoProxies.of(peer: "127.0.0.1", forwardedFor: ["203.0.113.7, 10.0.0.2"]) == "203.0.113.7")
        // No header, or only proxies in it: the nearest address known.
        #expect(behindOneProxy.of(peer: "127.0.0.1", forwardedFor: []) == "127.0.0.1")
        #expect(twoProxies.of(peer: "127.0.0.1", forwardedFor: ["10.0.0.2"]) == "10.0.0.2")
    }

    @Test("room lookups are limited per client behind a trusted proxy, and a spoofed header does not escape the limit without one", .timeLimit(.minutes(1)))
    func lookupLimitPerClient() async throws {
        // joinRoom's limit (10 a minute) is what room lookups share.
        try await TestServer.with(trustedProxies: ["127.0.0.1"]) { server in
            var answers: [Int] = []
            for _ in 0..<11 { answers.append(try await Self.lookup(server, from: "203.0.113.7")) }
            #expect(answers == Array(repeating: 404, count: 10) + [429])
            let other = try await Self.lookup(server, from: "203.0.113.8")
            #expect(other == 404, "another client behind the same proxy is not limited")
        }
        try await TestServer.with { server in
            var answers: [Int] = []
            for index in 0..<11 { answers.append(try await Self.lookup(server, from: "203.0.113.\(index)")) }
            #expect(answers.last == 429, "without a trusted proxy the header is not believed: \(answers)")
        }
    }

    static func lookup(_ server: TestServer, from client: String) async throws -> Int {
        var request = URLRequest(url: try #require(URL(string: server.httpBase + "/v1/rooms/ABCDEF")))
        request.setValue(client, forHTTPHeaderField: "X-Forwarded-For")
        let (_, response) = try await URLSession.shared.data(for: request)
        return try #require(response as? HTTPURLResponse).statusCode
    }
}
