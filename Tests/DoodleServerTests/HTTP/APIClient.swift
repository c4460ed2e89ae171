import DoodleTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One answer of the HTTP API.
struct APIAnswer: Sendable {
    let status: Int
    let contentType: String?
    /// The `Allow` header (on a 405).
    let allow: String?
    /// The `Retry-After` header (on a 429).
    let retryAfter: String?
    let eTag: String?
    let cacheControl: String?
    let body: Data

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The body as JSON; nil if it is not JSON.
    var json: JSONValue? { try? JSONValue.parse(body) }

    /// `error.code` of an error body.
    var errorCode: String? { json?["error"]?["code"]?.stringValue }
}

extension TestServer {
    /// docs/openapi.json, read once for the whole test run.
    static let apiDocument: Result<OpenAPIDocument, any Error> = Result { try OpenAPIDocument.load() }

    /// Sends one request and checks its answer against docs/openapi.json: an undocumented route,
    /// method or status, or a body that breaks the documented schema, fails the test.
    ///
    /// - Parameters:
    ///   - authorization: the raw `Authorization` header, if any.
    ///   - body: a JSON request body, if any.
    ///   - headers: any other request headers.
    func call(
        _ method: String, _ path: String, authorization: String? = nil, body: Data? = nil, headers: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> APIAnswer {
        let answer = try await send(method, path, authorization: authorization, body: body, headers: headers, sourceLocation: sourceLocation)
        let document = try Self.apiDocument.get()
        let problems = document.problems(
            method: method, path: path, status: answer.status, contentType: answer.contentType, body: answer.body)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))", sourceLocation: sourceLocation)
        return answer
    }

    /// Sends one request without checking the answer against the document.
    func send(
        _ method: String, _ path: String, authorization: String? = nil, body: Data? = nil, headers: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> APIAnswer {
        let url = try #require(URL(string: httpBase + path), sourceLocation: sourceLocation)
        // No local cache: a test that sends If-None-Match must see the server's own 304.
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData)
        request.httpMethod = method
        if let authorization { request.setValue(authorization, forHTTPHeaderField: "Authorization") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse, sourceLocation: sourceLocation)
        return APIAnswer(
            status: http.statusCode, contentType: http.value(forHTTPHeaderField: "Content-Type"),
            allow: http.value(forHTTPHeaderField: "Allow"), retryAfter: http.value(forHTTPHeaderField: "Retry-After"),
            eTag: http.value(forHTTPHeaderField: "ETag"), cacheControl: http.value(forHTTPHeaderField: "Cache-Control"), body: data)
    }
}
