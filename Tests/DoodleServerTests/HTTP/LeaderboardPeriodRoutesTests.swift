import DoodleCore
import DoodleTestSupport
import Testing

@Suite("HTTP leaderboard periods")
struct LeaderboardPeriodRoutesTests {
    /// The seed's game finished at 2023-11-14 22:16:40 UTC, a Tuesday.
    static let finished = ArchiveSeed.start + 200_000
    static let day: Int64 = 86_400_000
    /// 2023-11-14 00:00 UTC, Monday 2023-11-13 00:00 UTC and 2023-11-01 00:00 UTC.
    static let (dayStart, weekStart, monthStart): (Int64, Int64, Int64) = (1_699_920_000_000, 1_699_833_600_000, 1_698_796_800_000)

    @Test("day, week and month at the game's instant rank its players; each answer names its bounds")
    func periodsAtTheGame() async throws {
        try await ArchiveSeed.withSeededServer { server, seed, _, _ in
            let expected: [(String, Int64, Int64)] = [
                ("day", Self.dayStart, Self.dayStart + Self.day), ("week", Self.weekStart, Self.weekStart + 7 * Self.day),
                ("month", Self.monthStart, 1_701_388_800_000),  // to December 1st
            ]
            for (period, from, to) in expected {
                let answer = try await server.call("GET", "/v1/leaderboard?period=\(period)&at=\(Self.finished)")
                #expect(answer.status == 200, "\(period)")
                #expect(answer.json?["period"] == .string(period))
                #expect(answer.json?["from"] == .integer(from), "\(period)")
                #expect(answer.json?["to"] == .integer(to), "\(period)")
                let entries = try #require(answer.json?["entries"].flatMap(ArchiveRoutesTests.array))
                #expect(entries.map { $0["playerId"] } == [.string(seed.guesser), .string(seed.drawer)], "\(period)")
                #expect(entries.map { $0["score"] } == [.integer(240), .integer(120)])
                #expect(entries.map { $0["games"] } == [.integer(1), .integer(1)])
                #expect(entries.map { $0["wins"] } == [.integer(1), .integer(0)])
                #expect(entries.map { $0["rank"] } == [.integer(1), .integer(2)])
                #expect(entries.first?["name"] == .string("Guesser"))
            }
            let top = try await server.call("GET", "/v1/leaderboard?period=week&at=\(Self.finished)&limit=1")
            #expect(top.json?["entries"].flatMap(ArchiveRoutesTests.array)?.count == 1)
        }
    }

    @Test("a past period, the day before, is readable and empty; so is the current one (now is 2026)")
    func otherPeriods() async throws {
        try await ArchiveSeed.withSeededServer { server, _, _, _ in
            let before = try await server.call("GET", "/v1/leaderboard?period=day&at=\(Self.dayStart - 1)")
            #expect(before.status == 200)
            #expect(before.json?["from"] == .integer(Self.dayStart - Self.day))
            #expect(before.json?["to"] == .integer(Self.dayStart))
            #expect(before.json?["entries"].flatMap(ArchiveRoutesTests.array)?.isEmpty == true)
            let now = try await server.call("GET", "/v1/leaderboard?period=month")
            #expect(now.status == 200)
            #expect(now.json?["entries"].flatMap(ArchiveRoutesTests.array)?.isEmpty == true)
            if case .integer(let from) = now.json?["from"] { #expect(from > Self.finished) } else { Issue.record("no from: \(now.text)") }
        }
    }

    @Test("period=all is the all-time list with null bounds; without period the answer keeps its rev 3 shape")
    func allTime() async throws {
        try await ArchiveSeed.withSeededServer { server, seed, _, _ in
            let all = try await server.call("GET", "/v1/leaderboard?period=all&at=5")
            #expect(all.status == 200)
            #expect(all.json?["period"] == .string("all"))
            #expect(all.json?["from"] == .null)
            #expect(all.json?["to"] == .null)
            #expect(all.json?["entries"].flatMap(ArchiveRoutesTests.array)?.map { $0["playerId"] } == [.string(seed.guesser), .string(seed.drawer)])
            let plain = try await server.call("GET", "/v1/leaderboard")
            #expect(plain.json?["players"].flatMap(ArchiveRoutesTests.array)?.count == 2)
            #expect(plain.json?["entries"] == nil)
        }
    }

    @Test("an unknown period or an at that is no instant is a 400 bad_message", arguments: [
        "period=year", "period=", "period=Week", "at=-1", "at=abc", "at=1.5", "at=", "period=day&at=99999999999999999999",
    ])
    func badQuery(_ query: String) async throws {
        try await TestServer.with { server in
            let answer = try await server.call("GET", "/v1/leaderboard?\(query)")
            #expect(answer.status == 400)
            #expect(answer.errorCode == "bad_message")
        }
    }
}
