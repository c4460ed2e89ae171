/// The stretch of time a leaderboard ranks (PROTOCOL.md rev 4, "leaderboard periods"): a UTC
/// day, a week from Monday 00:00 UTC, a UTC month, or all time. A game counts in the periods that
/// contain the instant it finished.
public enum LeaderboardPeriod: String, CaseIterable, Sendable, Codable {
    case day, week, month, all

    /// The periods with bounds, for which the archive keeps running totals.
    public static let bounded: [LeaderboardPeriod] = [.day, .week, .month]

    /// The instants a request may ask a period for: 1970-01-01T00:00Z to 9999-12-31T23:59:59.999Z,
    /// milliseconds since 1970 UTC. A request's `at` outside it is refused where it is parsed.
    public static let instants: ClosedRange<Int64> = 0...253_402_300_799_999

    /// Where `interval(containing:)` computes exactly: as far before 1970 as `instants` reaches
    /// after it (back to about the year −6000). The calendar arithmetic's largest intermediate
    /// there is about 2.5e14 (ms) and 1e12 (days × 153), far inside 64 bits.
    static let calculable: ClosedRange<Int64> = -instants.upperBound...instants.upperBound

    /// The period of this kind that contains `instant` (milliseconds since 1970 UTC): its start
    /// and its end (the next period's start, excluded). Nil for `.all`, which has no bounds.
    /// An instant outside `calculable` is taken as its nearest end: no caller passes one
    /// (requests are bounded at the parse, games finish now), and a period of the year 10000
    /// is not worth a trap.
    public func interval(containing instant: Int64) -> PeriodInterval? {
        let day = CivilDay(containing: instant.clamped(to: Self.calculable))
        switch self {
        case .day:
            return PeriodInterval(from: day.startMillis, to: day.adding(days: 1).startMillis)
        case .week:
            let monday = day.adding(days: -day.daysSinceMonday)
            return PeriodInterval(from: monday.startMillis, to: monday.adding(days: 7).startMillis)
        case .month:
            let (year, month, _) = day.date
            let next = month == 12 ? (year + 1, 1) : (year, month + 1)
            return PeriodInterval(
                from: CivilDay(year: year, month: month, day: 1).startMillis, to: CivilDay(year: next.0, month: next.1, day: 1).startMillis)
        case .all:
            return nil
        }
    }
}

/// A period's bounds in milliseconds since 1970 UTC: `from` included, `to` excluded.
public struct PeriodInterval: Equatable, Sendable {
    public let from: Int64
    public let to: Int64

    public init(from: Int64, to: Int64) {
        self.from = from
        self.to = to
    }

    public func contains(_ instant: Int64) -> Bool { instant >= from && instant < to }
}

/// A day of the proleptic Gregorian calendar in UTC, counted from 1970-01-01. The date
/// conversions are the usual era arithmetic (400-year eras of 146,097 days, years starting in
/// March so that a leap day falls at a year's end), in integers: no time zone database, no
/// Foundation, the same answer on every machine.
struct CivilDay: Equatable {
    static let millisPerDay: Int64 = 86_400_000

    /// Days since 1970-01-01 (negative before it).
    let number: Int64

    init(number: Int64) { self.number = number }

    init(containing instant: Int64) {
        number = Self.floorDivide(instant, Self.millisPerDay)
    }

    init(year: Int64, month: Int64, day: Int64) {
        let marchYear = month <= 2 ? year - 1 : year
        let era = Self.floorDivide(marchYear, 400)
        let yearOfEra = marchYear - era * 400
        let marchMonth = (month + 9) % 12
        let dayOfYear = (153 * marchMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        number = era * 146_097 + dayOfEra - 719_468
    }

    var startMillis: Int64 { number * Self.millisPerDay }

    func adding(days: Int64) -> CivilDay { CivilDay(number: number + days) }

    /// 0 on a Monday through 6 on a Sunday (1970-01-01 was a Thursday).
    var daysSinceMonday: Int64 { Self.floorModulo(number + 3, 7) }

    /// Year, month (1–12) and day of the month (1–31).
    var date: (year: Int64, month: Int64, day: Int64) {
        let shifted = number + 719_468
        let era = Self.floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let marchMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * marchMonth + 2) / 5 + 1
        let month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        let quotient = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient
    }

    static func floorModulo(_ a: Int64, _ b: Int64) -> Int64 {
        a - floorDivide(a, b) * b
    }
}

extension Comparable {
    fileprivate func clamped(to range: ClosedRange<Self>) -> Self {
        min(max(self, range.lowerBound), range.upperBound)
    }
}
