import DoodleTestSupport
import Foundation
import Testing

/// What a sign-in answers: `{"playerId","name","token","identities"}`.
struct SignedIn: Decodable, Sendable, Equatable {
    struct Identity: Decodable, Sendable, Equatable {
        let provider: String
        let email: String?
    }

    let playerId: String
    let name: String
    let token: String
    let identities: [Identity]
}

/// One entry of `GET /v1/me/sessions`.
struct DeviceListing: Decodable, Sendable, Equatable {
    let id: String
    let label: String
    let createdAt: Int64
    let lastSeenAt: Int64
    let current: Bool
}

/// The account routes as a client calls them; every answer is checked against
/// docs/openapi.json (`TestServer.call`).
extension TestServer {
    /// A good password: long and in no list.
    static let password = "correct horse battery staple"

    /// POSTs `fields` as a JSON object.
    func post(
        _ path: String, _ fields: [String: String], token: String? = nil, headers: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> APIAnswer {
        let body = try JSONSerialization.data(withJSONObject: fields)
        return try await call(
            "POST", path, authorization: token.map { "Bearer \($0)" }, body: body, headers: headers, sourceLocation: sourceLocation)
    }

    func register(
        email: String, password: String = TestServer.password, token: String? = nil, extra: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> APIAnswer {
        try await post(
            "/v1/auth/register", ["email": email, "password": password].merging(extra) { $1 }, token: token, sourceLocation: sourceLocation)
    }

    func login(
        email: String, password: String = TestServer.password, extra: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> APIAnswer {
        try await post("/v1/auth/login", ["email": email, "password": password].merging(extra) { $1 }, sourceLocation: sourceLocation)
    }

    func devices(token: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [DeviceListing] {
        let answer = try await call("GET", "/v1/me/sessions", authorization: "Bearer \(token)", sourceLocation: sourceLocation)
        try #require(answer.status == 200, "\(answer.text)", sourceLocation: sourceLocation)
        return try JSONDecoder().decode([DeviceListing].self, from: answer.body)
    }

    /// `GET /v1/me`'s status with this token: 200 while it works, 401 once it does not.
    func meStatus(token: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> Int {
        try await call("GET", "/v1/me", authorization: "Bearer \(token)", sourceLocation: sourceLocation).status
    }
}

extension APIAnswer {
    /// The body as a sign-in answer; fails the test when it is not one.
    func signedIn(sourceLocation: SourceLocation = #_sourceLocation) throws -> SignedIn {
        do {
            return try JSONDecoder().decode(SignedIn.self, from: body)
        } catch {
            Issue.record("not a sign-in answer (\(status)): \(text)", sourceLocation: sourceLocation)
            throw error
        }
    }
}
