import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// HTTP requests with a player's bearer token, as the cluster tests send them to any node.
enum PairHTTP {
    struct Answer {
        let status: Int
        let retryAfter: String?
        let etag: String?
        let json: [String: Any]
    }

    static func request(
        _ method: String, _ url: String, token: String, body: [String: Any]? = nil, ifNoneMatch: String? = nil
    ) async throws -> Answer {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = method
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        if let ifNoneMatch { request.setValue(ifNoneMatch, forHTTPHeaderField: "If-None-Match") }
        if let body {
            request.httpBody = try JSONSerialization.data(withJSONObject: body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        return Answer(
            status: http.statusCode, retryAfter: http.value(forHTTPHeaderField: "Retry-After"), etag: http.value(forHTTPHeaderField: "ETag"),
            json: json)
    }
}
