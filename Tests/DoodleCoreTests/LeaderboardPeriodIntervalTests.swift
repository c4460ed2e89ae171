import Foundation
import Testing

import DoodleCore

@Suite("Leaderboard periods: their bounds")
struct LeaderboardPeriodIntervalTests {
    static let day: Int64 = 86_400_000
    /// Monday 2026-11-30 00:00 UTC.
    static let monday: Int64 = 1_795_996_800_000

    @Test("a Wednesday noon: its day, the week from the Monday before, the month from the 1st")
    func wednesdayNoon() throws {
        let wednesdayNoon = Self.monday - 5 * Self.day + 12 * 3_600_000  // 2026-11-25 12:00
        #expect(LeaderboardPeriod.day.interval(containing: wednesdayNoon) == PeriodInterval(from: Self.monday - 5 * Self.day, to: Self.monday - 4 * Self.day))
        #expect(LeaderboardPeriod.week.interval(containing: wednesdayNoon) == PeriodInterval(from: Self.monday - 7 * Self.day, to: Self.monday))
        // November 2026: from the 1st (a Sunday, 29 days before the Monday) to December 1st.
        #expect(
            LeaderboardPeriod.month.interval(containing: wednesdayNoon)
                == PeriodInterval(from: Self.monday - 29 * Self.day, to: Self.monday + Self.day))
        #expect(LeaderboardPeriod.all.interval(containing: wednesdayNoon) == nil)
    }

    @Test("midnight UTC and Monday 00:00 are the first instants of their periods; the millisecond before is not")
    func boundaries() throws {
        let week = try #require(LeaderboardPeriod.week.interval(containing: Self.monday))
        #expect(week.from == Self.monday && week.contains(Self.monday) && !week.contains(Self.monday - 1))
        #expect(LeaderboardPeriod.week.interval(containing: Self.monday - 1)?.to == Self.monday)
        #expect(LeaderboardPeriod.day.interval(containing: Self.monday - 1)?.from == Self.monday - Self.day)
        #expect(LeaderboardPeriod.week.interval(containing: Self.monday + 7 * Self.day - 1)?.from == Self.monday)
    }

    @Test("before 1970 too: a millisecond before the epoch is in 1969-12-31 and in December 1969")
    func beforeTheEpoch() {
        #expect(LeaderboardPeriod.day.interval(containing: -1) == PeriodInterval(from: -Self.day, to: 0))
        #expect(LeaderboardPeriod.month.interval(containing: -1) == PeriodInterval(from: -31 * Self.day, to: 0))
        // 1970-01-01 was a Thursday: its week began on Monday 1969-12-29.
        #expect(LeaderboardPeriod.week.interval(containing: 0) == PeriodInterval(from: -3 * Self.day, to: 4 * Self.day))
    }

    @Test("the bounds agree with Foundation's Gregorian calendar in UTC for 5,000 instants from 1900 to 2400")
    func agreesWithFoundation() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        calendar.firstWeekday = 2  // Monday
        calendar.minimumDaysInFirstWeek = 4
        var random = SeededRandom(seed: 2026)
        let earliest: Int64 = -2_208_988_800_000  // 1900-01-01
        let latest: Int64 = 13_569_465_600_000  // 2400-01-01
        for _ in 0..<5_000 {
            let instant = earliest + Int64(random.next() % UInt64(latest - earliest))
            let date = Date(timeIntervalSince1970: Double(instant) / 1000)
            for (period, component) in [(LeaderboardPeriod.day, Calendar.Component.day), (.week, .weekOfYear), (.month, .month)] {
                let expected = try #require(calendar.dateInterval(of: component, for: date))
                let interval = try #require(period.interval(containing: instant))
                #expect(interval.from == Int64(expected.start.timeIntervalSince1970 * 1000), "\(period) of \(instant)")
                #expect(interval.to == Int64(expected.end.timeIntervalSince1970 * 1000), "\(period) of \(instant)")
            }
        }
    }

    @Test("the last instant of 9999 has its day, week and month, the month ending at 10000-01-01; any 64-bit instant gets an interval, never a trap")
    func calendarEnds() throws {
        let last = LeaderboardPeriod.instants.upperBound
        let end: Int64 = 253_402_300_800_000  // 10000-01-01T00:00Z
        #expect(try #require(LeaderboardPeriod.day.interval(containing: last)) == PeriodInterval(from: end - 86_400_000, to: end))
        #expect(try #require(LeaderboardPeriod.month.interval(containing: last)) == PeriodInterval(from: 253_399_622_400_000, to: end))
        let week = try #require(LeaderboardPeriod.week.interval(containing: last))
        #expect(week.contains(last) && week.to - week.from == 7 * 86_400_000)
        // The instant of the report that crashed the server, and the extremes, are taken as the
        // calendar's nearest end.
        for instant in [Int64.max, 9_223_372_036_854_775_806, Int64.min, -1] {
            for period in LeaderboardPeriod.bounded {
                let interval = try #require(period.interval(containing: instant))
                #expect(interval.from < interval.to, "\(period) at \(instant)")
            }
        }
        #expect(LeaderboardPeriod.day.interval(containing: .max) == LeaderboardPeriod.day.interval(containing: last))
    }

    @Test("periods parse from the names the query uses")
    func names() {
        #expect(LeaderboardPeriod(rawValue: "week") == .week)
        #expect(LeaderboardPeriod(rawValue: "year") == nil)
        #expect(LeaderboardPeriod.bounded == [.day, .week, .month])
    }
}
