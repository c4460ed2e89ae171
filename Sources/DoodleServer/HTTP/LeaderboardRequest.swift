import DoodleCore
import DoodleStorage
import Hummingbird

/// What `GET /v1/leaderboard` asks for: `period` (day, week, month or all; absent for the rev 3
/// all-time answer), `at` (an instant in milliseconds picking which period, default now) and
/// `limit`.
struct LeaderboardRequest {
    /// Nil when the request names no period: the answer keeps its rev 3 shape, `{"players":[…]}`.
    let period: LeaderboardPeriod?
    let at: Int64
    let limit: Int

    /// - Throws: `APIError.badRequest` for an unknown period or an `at` that is no whole number
    ///   of milliseconds from 0 on.
    init(_ request: Request, now: Int64, limit: Int) throws {
        let query = request.uri.queryParameters
        if let text = query["period"] {
            guard let period = LeaderboardPeriod(rawValue: String(text)) else {
                throw APIError.badRequest("period must be day, week, month or all")
            }
            self.period = period
        } else {
            period = nil
        }
        if let text = query["at"] {
            guard let at = Int64(text), at >= 0 else {
                throw APIError.badRequest("at must be an instant in milliseconds since 1970 (0 or more)")
            }
            self.at = at
        } else {
            at = now
        }
        self.limit = limit
    }
}

/// The answer to `GET /v1/leaderboard`: the rev 3 all-time list, or a period's.
enum LeaderboardAnswer: ResponseEncodable {
    case allTime(Leaderboard)
    case period(PeriodLeaderboard)

    /// Reads the leaderboard `request` asks for.
    static func read(_ request: LeaderboardRequest, from reader: any ArchiveReader) async throws -> LeaderboardAnswer {
        guard let period = request.period else { return .allTime(try await reader.leaderboard(limit: request.limit)) }
        guard let interval = period.interval(containing: request.at) else {
            let allTime = try await reader.leaderboard(limit: request.limit)
            return .period(PeriodLeaderboard(period: .all, interval: nil, entries: allTime.players))
        }
        let entries = try await reader.leaderboard(period: period, startsAt: interval.from, limit: request.limit)
        return .period(PeriodLeaderboard(period: period, interval: interval, entries: entries))
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .allTime(let board): try board.encode(to: encoder)
        case .period(let board): try board.encode(to: encoder)
        }
    }
}
