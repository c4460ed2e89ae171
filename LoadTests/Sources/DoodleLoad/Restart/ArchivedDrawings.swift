import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// After a restart run: how many drawings the archive holds for each room's drawer, read back
/// over HTTP (`GET /v1/players/{id}/drawings`). Each room plays one turn, so each drawer has
/// exactly one; two would be a turn archived twice across a stop, none a turn never archived.
enum ArchivedDrawings {
    private struct Page: Decodable {
        struct Drawing: Decodable {
            var id: String
        }

        var drawings: [Drawing]
    }

    /// The count per drawer id, waiting up to 5 s for each to reach at least one (the archive
    /// writer stores a drawing moments after its turn ends). Nil for a drawer whose drawings
    /// could not be read.
    static func counts(of drawers: [String], at webSocketURL: String) async -> [String: Int?] {
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        let base = WidgetPolling.httpBase(of: webSocketURL)
        var counts: [String: Int?] = [:]
        for drawer in drawers {
            let deadline = ContinuousClock.now + .seconds(5)
            var count: Int?
            repeat {
                count = await Self.count(of: drawer, base: base, client: client)
                if let count, count > 0 { break }
                try? await Task.sleep(for: .milliseconds(100))
            } while ContinuousClock.now < deadline
            counts[drawer] = count
        }
        try? await client.shutdown()
        return counts
    }

    private static func count(of drawer: String, base: String, client: HTTPClient) async -> Int? {
        do {
            let response = try await client.execute(HTTPClientRequest(url: "\(base)/v1/players/\(drawer)/drawings?limit=100"), timeout: .seconds(10))
            let body = try await response.body.collect(upTo: 1 << 20)
            // No drawings yet is a 404 for a player the archive does not know.
            if response.status == .notFound { return 0 }
            guard response.status == .ok else { return nil }
            return try JSONDecoder().decode(Page.self, from: Data(body.readableBytesView)).drawings.count
        } catch {
            return nil
        }
    }
}
