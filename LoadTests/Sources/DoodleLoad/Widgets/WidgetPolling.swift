import AsyncHTTPClient
import DoodleClient
import DoodleCore
import Foundation
import Histogram
import Logging
import NIOCore
import NIOHTTP1

/// The phone widget's load (docs/performance.md, "Pictures"): players poll
/// `GET /v1/me/latest-received.png` with their token, most of the time with the `ETag` they
/// hold (`If-None-Match`, answered 304 when nothing changed), sometimes without (a full PNG).
/// Half the players have received a drawing from their partner, half show the starter drawing.
public struct WidgetPolling: Sendable {
    public struct Configuration: Sendable {
        public var pairs: Int
        public var interval: Duration
        /// Polls before this much time has passed are not measured: every widget's first fetch
        /// renders its picture, and the renders would otherwise be the figures.
        public var warmup: Duration
        public var window: Duration
        /// The share of polls that carry `If-None-Match`.
        public var conditionalShare: Double
        public var size: Int
        /// Poll `GET /v1/health` instead, on the same schedule with the same client: the floor
        /// of what one HTTP answer costs here, for comparison.
        public var floor: Bool

        public init(pairs: Int, interval: Duration, warmup: Duration, window: Duration, conditionalShare: Double, size: Int, floor: Bool = false) {
            self.floor = floor
            self.pairs = pairs
            self.interval = interval
            self.warmup = warmup
            self.window = window
            self.conditionalShare = conditionalShare
            self.size = size
        }
    }

    let configuration: Configuration
    let url: String
    let logger: Logger

    public init(configuration: Configuration, url: String, logger: Logger) {
        self.configuration = configuration
        self.url = url
        self.logger = logger
    }

    public func run() async throws -> WidgetPollingResult {
        let tokens = try await pairUp()
        let client = HTTPClient(
            eventLoopGroupProvider: .singleton,
            configuration: .init(connectionPool: .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 256)))
        let stats = WidgetStats()
        let pictureURL = Self.httpBase(of: url) + (configuration.floor ? "/v1/health" : "/v1/me/latest-received.png?size=\(configuration.size)")
        let measured = ContinuousClock.now + configuration.warmup
        let end = measured + configuration.window
        await withTaskGroup(of: Void.self) { group in
            for (index, token) in tokens.enumerated() {
                group.addTask {
                    await poll(
                        client: client, url: pictureURL, token: token, measuredFrom: measured, until: end, offset: index, count: tokens.count,
                        stats: stats)
                }
            }
        }
        let elapsed = ContinuousClock.now - measured
        try await client.shutdown()
        return stats.result(players: tokens.count, seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    /// One widget: a first full fetch, then a poll every interval until `end`.
    private func poll(
        client: HTTPClient, url: String, token: String, measuredFrom measured: ContinuousClock.Instant, until end: ContinuousClock.Instant,
        offset: Int, count: Int, stats: WidgetStats
    ) async {
        // Spread the widgets over the interval so they do not poll in lockstep.
        let spread = configuration.interval / count * offset
        try? await Task.sleep(for: spread)
        var etag: String?
        var random = SystemRandomNumberGenerator()
        while ContinuousClock.now < end {
            let conditional = etag != nil && Double.random(in: 0..<1, using: &random) < configuration.conditionalShare
            var request = HTTPClientRequest(url: url)
            request.headers.add(name: "Authorization", value: "Bearer \(token)")
            if conditional, let etag { request.headers.add(name: "If-None-Match", value: etag) }
            let sent = ContinuousClock.now
            do {
                let response = try await client.execute(request, timeout: .seconds(10))
                _ = try await response.body.collect(upTo: 4 << 20)
                let latency = ContinuousClock.now - sent
                let counts = sent >= measured
                switch response.status.code {
                case 304: if counts { stats.record(notModified: latency) }
                case 200:
                    etag = response.headers.first(name: "ETag")
                    if counts { stats.record(full: latency) }
                default: stats.recordError("HTTP \(response.status.code)")
                }
            } catch {
                stats.recordError("\(error)")
            }
            try? await Task.sleep(for: configuration.interval)
        }
    }

    /// Forms the pairs over the WebSocket; in each the first partner sends one drawing to the
    /// second. Both partners' tokens poll.
    private func pairUp() async throws -> [String] {
        var tokens: [String] = []
        let batch = 16
        var start = 0
        while start < configuration.pairs {
            let count = min(batch, configuration.pairs - start)
            try await withThrowingTaskGroup(of: [String].self) { group in
                for index in start..<(start + count) {
                    group.addTask { try await self.pair(index) }
                }
                for try await pairTokens in group { tokens += pairTokens }
            }
            start += count
        }
        return tokens
    }

    private func pair(_ index: Int) async throws -> [String] {
        try await DoodleClient.withConnection(to: url, logger: logger) { sender in
            let senderWelcome = try await sender.hello(name: "W\(index)a")
            let waiting = try await sender.createPairRoom()
            guard let code = waiting.code else { throw WidgetPollingError.noCode }
            let recipientToken = try await DoodleClient.withConnection(to: url, logger: logger) { recipient in
                let welcome = try await recipient.hello(name: "W\(index)b")
                _ = try await recipient.joinPair(code: code)
                return welcome.token
            }
            let clientDrawingId = "c_widget\(index)"
            try await sender.send(.beginDrawing(clientDrawingId: clientDrawingId, word: "sun"))
            for action in WidgetDrawing.actions { try await sender.send(.draw(action)) }
            try await sender.send(.submitDrawing(clientDrawingId: clientDrawingId))
            _ = try await sender.receivePairFirst { message -> Bool? in
                if case .pair(.drawingSent) = message { return true }
                if case .pair(.error(let error)) = message { throw error }
                return nil
            }
            return [senderWelcome.token, recipientToken]
        }
    }

    static func httpBase(of webSocketURL: String) -> String {
        var base = webSocketURL
        if base.hasPrefix("wss://") { base = "https://" + base.dropFirst(6) } else if base.hasPrefix("ws://") { base = "http://" + base.dropFirst(5) }
        if base.hasSuffix("/v1/ws") { base.removeLast(6) }
        return base
    }
}

enum WidgetPollingError: Error {
    case noCode
}

/// A drawing of about 5,000 points: a spiral, drawn as strokes of 250 points.
enum WidgetDrawing {
    static let actions: [DrawingAction] = {
        var actions: [DrawingAction] = []
        let points = 5_000
        let perStroke = 250
        var strokeId = 1
        var index = 0
        while index < points {
            var flat: [Int] = []
            for step in index..<min(index + perStroke, points) {
                let angle = Double(step) / 60
                let radius = 40 + Double(step) / 10
                flat.append(Int(800 + radius * cos(angle)).clamped(0, 1599))
                flat.append(Int(600 + radius * sin(angle) * 0.7).clamped(0, 1199))
            }
            actions.append(.strokeBegin(StrokeBegin(strokeId: strokeId, tool: .pen, color: "#2255aa", width: 6, points: PointList(flat))))
            actions.append(.strokeEnd(strokeId: strokeId))
            strokeId += 1
            index += perStroke
        }
        return actions
    }()
}

extension Int {
    fileprivate func clamped(_ low: Int, _ high: Int) -> Int { Swift.min(Swift.max(self, low), high) }
}
