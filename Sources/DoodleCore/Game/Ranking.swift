/// Standard competition ranking: equal scores share a rank and the next rank skips (1, 2, 2, 4).
public enum Ranking {
    /// `entries` must be in join order; the result is sorted by score (highest first), ties
    /// keeping join order.
    public static func rank<Entry>(_ entries: [Entry], score: (Entry) -> Int) -> [(entry: Entry, rank: Int)] {
        let sorted = entries.enumerated().sorted { lhs, rhs in
            let (l, r) = (score(lhs.element), score(rhs.element))
            return l != r ? l > r : lhs.offset < rhs.offset
        }.map(\.element)
        var result: [(entry: Entry, rank: Int)] = []
        for (index, entry) in sorted.enumerated() {
            if let previous = result.last, score(previous.entry) == score(entry) {
                result.append((entry, previous.rank))
            } else {
                result.append((entry, index + 1))
            }
        }
        return result
    }
}
