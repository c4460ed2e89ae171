import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Plain GETs against a running server (or a proxy in front of some), for tests that look at
/// it from outside.
enum HTTPProbe {
    static func status(_ url: String) async throws -> Int {
        let (_, response) = try await URLSession.shared.data(from: try #require(URL(string: url)))
        return try #require(response as? HTTPURLResponse).statusCode
    }

    /// The JSON object at `url`, which must answer 200.
    static func json(_ url: String) async throws -> [String: Any] {
        let (data, response) = try await URLSession.shared.data(from: try #require(URL(string: url)))
        #expect((response as? HTTPURLResponse)?.statusCode == 200, "\(url)")
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The `/metrics` text of the server whose base URL is `base`.
    static func metrics(at base: String) async throws -> String {
        let (data, _) = try await URLSession.shared.data(from: try #require(URL(string: base + "/metrics")))
        return String(decoding: data, as: UTF8.self)
    }

    /// The `doodle_rooms` gauge of the server whose base URL is `base`, from its `/metrics`.
    static func rooms(at base: String) async throws -> Int {
        let line = try #require(try await metrics(at: base).split(separator: "\n").first { $0.hasPrefix("doodle_rooms ") })
        return Int(try #require(Double(line.split(separator: " ")[1])))
    }
}
