import DoodleTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Admin requests with the test servers' admin token, as the cluster tests send them to any node.
enum AdminHTTP {
    struct Answer {
        let status: Int
        let retryAfter: String?
        let json: JSONValue?

        var errorCode: String? { json?["error"]?["code"]?.stringValue }
    }

    static func request(_ method: String, _ url: String, body: [String: Any]? = nil) async throws -> Answer {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = method
        request.setValue(TestServer.adminAuthorization, forHTTPHeaderField: "Authorization")
        if let body {
            request.httpBody = try JSONSerialization.data(withJSONObject: body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return Answer(status: http.statusCode, retryAfter: http.value(forHTTPHeaderField: "Retry-After"), json: try? JSONValue.parse(data))
    }

    /// The body of a GET, as text.
    static func text(_ url: String) async throws -> String {
        let (data, _) = try await URLSession.shared.data(from: try #require(URL(string: url)))
        return String(decoding: data, as: UTF8.self)
    }

    /// Waits until `condition` holds (at most 10 s), for what another node does a moment later.
    static func waitUntil(
        _ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ condition: () async throws -> Bool
    ) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("timed out waiting until \(what)", sourceLocation: sourceLocation)
    }
}
