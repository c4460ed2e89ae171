import Testing

@testable import DoodleCore

@Suite struct RankingTests {
    private func ranks(_ scores: [(String, Int)]) -> [String] {
        Ranking.rank(scores, score: \.1).map { "\($0.entry.0):\($0.rank)" }
    }

    @Test func equalScoresShareARankAndTheNextRankSkips() {
        #expect(ranks([("a", 900), ("b", 700), ("c", 700), ("d", 400)]) == ["a:1", "b:2", "c:2", "d:4"])
    }

    @Test func resultIsSortedByScoreWithTiesInJoinOrder() {
        #expect(ranks([("a", 700), ("b", 900), ("c", 700), ("d", 1000)]) == ["d:1", "b:2", "a:3", "c:3"])
        #expect(ranks([("z", 5), ("y", 5), ("x", 5)]) == ["z:1", "y:1", "x:1"])
        #expect(ranks([("a", 0), ("b", 10), ("c", 0), ("d", 10), ("e", 3)]) == ["b:1", "d:1", "e:3", "a:4", "c:4"])
    }

    @Test func emptyAndSingleInputs() {
        #expect(ranks([]) == [])
        #expect(ranks([("a", 0)]) == ["a:1"])
    }

    @Test func gameEndedRanksEqualScoresTogether() throws {
        // One round, 4 players. Ada draws: Dee guesses at once (500), Bob and Cy together at
        // 40 s (275 each), Ada gets 250. Nobody guesses in the other three turns.
        var h = try Fixtures.makeMachine(players: 4, settings: SettingsPatch(rounds: 1))
        let (a, b, c, d) = (h.members[0], h.members[1], h.members[2], h.members[3])
        h.startGame()
        let word = try h.chooseFirst()
        h.guess(word, from: d)
        h.advance(by: 40_000)
        h.guess(word, from: b)
        #expect(h.guess(word, from: c).turnEnds.first?.reason == .allGuessed)
        for _ in 0..<3 {
            h.advance(by: 5_000)
            try h.chooseFirst()
            h.advance(by: 80_000)
        }
        let ended = try #require(h.advance(by: 5_000).gameEnds.first)
        #expect(ended.reason == .completed)
        #expect(
            ended.ranking == [
                RankLine(playerId: d, name: "Dee", score: 500, rank: 1),
                RankLine(playerId: b, name: "Bob", score: 275, rank: 2),
                RankLine(playerId: c, name: "Cy", score: 275, rank: 2),
                RankLine(playerId: a, name: "Ada", score: 250, rank: 4),
            ])
    }
}
