import DoodleCore
import DoodleStorage
import Hummingbird

/// What `GET /v1/leaderboard` asks for: `period` (day, week, month or all; absent for the rev 3
/// all-time answer), `at` (an instant in milliseconds picking which period, default now) and
/// `limit`.
struct LeaderboardRequest {
    /// Nil when the request names no period: the answer keeps its rev 3 shape, `{"players":[…]}`.
    let period: LeaderboardPeriod?
    /// Inside `LeaderboardPeriod.instants`, so the calendar arithmetic cannot overflow.
    let at: Int64
    let limit: Int

    /// - Throws: `QueryFieldError` for an unknown period, or an `at` that is no whole number of
    ///   milliseconds inside the years 1970–9999.
    init(_ fields: QueryFields, now: Int64, limit: Int) throws(QueryFieldError) {
        period = try fields.choice("period", LeaderboardPeriod.self)
        at = try fields.integer64("at", in: LeaderboardPeriod.instants, meaning: "an instant in milliseconds since 1970 (years 1970–9999)") ?? now
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
