/// Per-connection sliding-window rate limits (GameRules/README.md, "Rate limits"). Every
/// attempt counts, refused ones too.
public struct RateLimiter: Sendable {
    public enum Bucket: Int, Sendable, CaseIterable {
        case guess, drawing, joinRoom, other
    }

    public enum Verdict: Sendable, Equatable {
        case allowed
        case limited
        /// `floodMultiplier` times the limit within one window: close with 1008.
        case flooding
    }

    private let rules: RateLimitRules
    private var attempts: [[Int64]]

    public init(rules: RateLimitRules) {
        self.rules = rules
        self.attempts = Array(repeating: [], count: Bucket.allCases.count)
    }

    public static func bucket(for message: ClientMessage) -> Bucket {
        switch message {
        case .guess: .guess
        case .draw: .drawing
        case .session(.joinRoom): .joinRoom
        case .session, .party, .pair, .telephone: .other
        }
    }

    private func rule(_ bucket: Bucket) -> RateLimitRule {
        switch bucket {
        case .guess: rules.guess
        case .drawing: rules.drawing
        case .joinRoom: rules.joinRoom
        case .other: rules.other
        }
    }

    public mutating func record(_ bucket: Bucket, now: Int64) -> Verdict {
        let rule = rule(bucket)
        var times = attempts[bucket.rawValue]
        attempts[bucket.rawValue] = []
        let windowStart = now - rule.windowMilliseconds
        let firstInside = times.firstIndex { $0 > windowStart } ?? times.count
        times.removeFirst(firstInside)
        times.append(now)
        let count = times.count
        // Keep no more history than the flood check needs, so memory stays bounded.
        let cap = rule.count * rules.floodMultiplier
        if times.count > cap { times.removeFirst(times.count - cap) }
        attempts[bucket.rawValue] = times
        if count >= cap { return .flooding }
        return count > rule.count ? .limited : .allowed
    }
}
