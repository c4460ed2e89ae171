import DoodleCore
import Testing

@testable import DoodleStorage

@Suite("Leaderboard periods")
struct LeaderboardPeriodTests {
    /// 2026-11-29 23:59:59.999 UTC, a Sunday: the last instant of a day, of a week, not of a month.
    static let sundayLast: Int64 = 1_795_996_799_999
    /// The next millisecond: Monday 2026-11-30 00:00 UTC, a new day and a new week.
    static let mondayMidnight = sundayLast + 1
    /// Tuesday 2026-12-01 00:00 UTC: a new day and month, the same week as the Monday.
    static let decemberFirst: Int64 = 1_796_083_200_000

    @Test("a game counts in the UTC day, the week from Monday and the month it finished in; midnight and Monday are boundaries", arguments: Backend.allCases)
    func gamesCountInTheirPeriods(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, _ in
            try await StorageFixtures.withRunningWriter(storage) { writer in
                writer.submit(StorageFixtures.game(id: "g_sun", ranking: [("p_ada", "Ada", 300), ("p_bob", "Bob", 100)], endedAt: Self.sundayLast))
                writer.submit(StorageFixtures.game(id: "g_mon", ranking: [("p_bob", "Bob", 200), ("p_ada", "Ada", 50)], endedAt: Self.mondayMidnight))
                writer.submit(StorageFixtures.game(id: "g_dec", ranking: [("p_cy", "Cy", 500)], endedAt: Self.decemberFirst))
                #expect(await writer.flush())
            }
            let reader = storage.archiveReader
            func board(_ period: LeaderboardPeriod, at instant: Int64) async throws -> [String] {
                let start = try #require(period.interval(containing: instant)).from
                return try await reader.leaderboard(period: period, startsAt: start, limit: 50).map { "\($0.name) \($0.score)" }
            }
            #expect(try await board(.day, at: Self.sundayLast) == ["Ada 300", "Bob 100"])
            #expect(try await board(.day, at: Self.mondayMidnight) == ["Bob 200", "Ada 50"])
            #expect(try await board(.day, at: Self.decemberFirst) == ["Cy 500"])
            #expect(try await board(.week, at: Self.sundayLast) == ["Ada 300", "Bob 100"])
            #expect(try await board(.week, at: Self.mondayMidnight) == ["Cy 500", "Bob 200", "Ada 50"])
            #expect(try await board(.week, at: Self.decemberFirst) == ["Cy 500", "Bob 200", "Ada 50"])
            #expect(try await board(.month, at: Self.mondayMidnight) == ["Ada 350", "Bob 300"])
            #expect(try await board(.month, at: Self.decemberFirst) == ["Cy 500"])
            // A past period with no games, and one in the future: empty, not an error.
            #expect(try await board(.day, at: Self.sundayLast - 86_400_000).isEmpty)
            #expect(try await board(.month, at: 1_811_808_000_000).isEmpty)  // 2027-06-01

            let november = try #require(LeaderboardPeriod.month.interval(containing: Self.sundayLast))
            let lines = try await reader.leaderboard(period: .month, startsAt: november.from, limit: 50)
            #expect(lines.map(\.games) == [2, 2])
            #expect(lines.map(\.wins) == [1, 1])
            #expect(lines.map(\.rank) == [1, 2])
            #expect(try await reader.leaderboard(period: .month, startsAt: november.from, limit: 1).map(\.playerId) == ["p_ada"])
        }
    }

    @Test("equal scores in a period share a rank; more wins, then fewer games, come first", arguments: Backend.allCases)
    func tiesInAPeriod(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, _ in
            try await StorageFixtures.withRunningWriter(storage) { writer in
                writer.submit(StorageFixtures.game(id: "g_1", ranking: [("p_ada", "Ada", 200), ("p_bob", "Bob", 100)], endedAt: Self.mondayMidnight))
                writer.submit(StorageFixtures.game(id: "g_2", ranking: [("p_cy", "Cy", 150), ("p_bob", "Bob", 100)], endedAt: Self.mondayMidnight + 5))
                writer.submit(StorageFixtures.game(id: "g_3", ranking: [("p_dee", "Dee", 100), ("p_eve", "Eve", 90)], endedAt: Self.mondayMidnight + 9))
                #expect(await writer.flush())
            }
            let lines = try await storage.archiveReader.leaderboard(period: .day, startsAt: Self.mondayMidnight, limit: 50)
            #expect(lines.map(\.playerId) == ["p_ada", "p_bob", "p_cy", "p_dee", "p_eve"])
            #expect(lines.map(\.score) == [200, 200, 150, 100, 90])
            #expect(lines.map(\.rank) == [1, 1, 3, 4, 5])
        }
    }

    @Test("a deleted player leaves every period's leaderboard", arguments: Backend.allCases)
    func deletedPlayerLeaves(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            try await StorageFixtures.withRunningWriter(storage) { (writer) async throws in
                let players = PlayerRepository(store: storage.playerStore, writer: writer, logger: StorageFixtures.logger)
                await StorageFixtures.hello(players, "p_ada", name: "Ada")
                writer.submit(StorageFixtures.game(id: "g_1", ranking: [("p_ada", "Ada", 200), ("p_bob", "Bob", 100)], endedAt: Self.mondayMidnight))
                #expect(await writer.flush())
                #expect(try await sql.count("leaderboard_period") == 6)
                #expect(try await players.delete(playerId: "p_ada", at: Self.mondayMidnight + 1))
            }
            #expect(try await sql.count("leaderboard_period") == 3)
            for period in LeaderboardPeriod.bounded {
                let start = try #require(period.interval(containing: Self.mondayMidnight)).from
                #expect(try await storage.archiveReader.leaderboard(period: period, startsAt: start, limit: 50).map(\.playerId) == ["p_bob"])
            }
        }
    }

    @Test("the migration's fill from stored games gives what saving them gave, at every kind of boundary", arguments: Backend.allCases)
    func backfillMatchesTheLivePath(backend: Backend) async throws {
        // Milliseconds since 1970 UTC (worked out with Python's datetime).
        let instants: [Int64] = [
            Self.sundayLast, Self.mondayMidnight, Self.decemberFirst - 1, Self.decemberFirst,
            1_798_761_599_999,  // 2026-12-31 23:59:59.999
            1_798_761_600_000,  // 2027-01-01 00:00
            1_835_438_400_000,  // 2028-02-29 12:00, a leap day
            1_835_481_600_000,  // 2028-03-01 00:00
            4_107_538_800_000,  // 2100-02-28 23:00 (2100 is no leap year)
            4_107_542_400_000,  // 2100-03-01 00:00
            951_782_400_000,  // 2000-02-29 00:00 (2000 is one)
            946_684_799_999,  // 1999-12-31 23:59:59.999
        ]
        try await StorageFixtures.withStorage(backend) { storage, sql in
            try await StorageFixtures.withRunningWriter(storage) { writer in
                for (index, instant) in instants.enumerated() {
                    let ranking = [("p_\(index % 3)", "P\(index % 3)", 10 * index + 5), ("p_x", "X", index)]
                    writer.submit(StorageFixtures.game(id: "g_\(index)", ranking: ranking, endedAt: instant))
                }
                #expect(await writer.flush())
            }
            let reader = storage.archiveReader
            func everyBoard() async throws -> [String] {
                var lines: [String] = []
                for instant in instants {
                    for period in LeaderboardPeriod.bounded {
                        let start = try #require(period.interval(containing: instant)).from
                        for line in try await reader.leaderboard(period: period, startsAt: start, limit: 50) {
                            lines.append("\(period) \(start) \(line.playerId) \(line.score) \(line.games) \(line.wins) \(line.rank)")
                        }
                    }
                }
                return lines
            }
            let saved = try await everyBoard()
            #expect(saved.count > instants.count * 3)
            for statement in backend.leaderboardFill {
                try await sql.execute(statement)
            }
            #expect(try await everyBoard() == saved)
        }
    }
}

extension Backend {
    /// The migration's fill of `leaderboard_period` from the stored games, after emptying it.
    var leaderboardFill: [String] {
        switch self {
        case .sqlite: LeaderboardPeriodFill.sqlite
        case .postgres: LeaderboardPeriodFill.postgres
        }
    }
}
