/// The server's own account of the durable write a `drawingSent` waits for: its
/// `doodle_pair_store_seconds` histogram on `/metrics`, read at the start and the end of the
/// window so the difference covers the window only.
struct PairStoreMetrics: Sendable, Equatable {
    var count: Double
    var sumSeconds: Double
    /// Upper bound (seconds) → cumulative count.
    var buckets: [Double: Double]

    static let name = "doodle_pair_store_seconds"

    /// Reads the histogram from `/metrics` lines; nil when it is not there.
    init?(lines: [String]) {
        var count: Double?
        var sum: Double?
        var buckets: [Double: Double] = [:]
        for line in lines {
            let parts = line.split(separator: " ")
            guard parts.count == 2, let value = Double(parts[1]) else { continue }
            let key = parts[0]
            if key == "\(Self.name)_count" {
                count = value
            } else if key == "\(Self.name)_sum" {
                sum = value
            } else if key.hasPrefix("\(Self.name)_bucket{le=\""), let bound = Double(key.dropFirst("\(Self.name)_bucket{le=\"".count).dropLast(2)) {
                buckets[bound] = value
            }
        }
        guard let count, let sum else { return nil }
        self.init(count: count, sumSeconds: sum, buckets: buckets)
    }

    init(count: Double, sumSeconds: Double, buckets: [Double: Double]) {
        self.count = count
        self.sumSeconds = sumSeconds
        self.buckets = buckets
    }

    /// What happened between `earlier` and this reading.
    func since(_ earlier: PairStoreMetrics) -> PairStoreMetrics {
        PairStoreMetrics(
            count: count - earlier.count, sumSeconds: sumSeconds - earlier.sumSeconds,
            buckets: buckets.mapValues { $0 }.merging(earlier.buckets.mapValues { -$0 }, uniquingKeysWith: +))
    }

    var meanMilliseconds: Double? { count > 0 ? sumSeconds / count * 1000 : nil }

    /// The smallest bucket bound holding at least `percentile` % of the writes, in milliseconds.
    func bound(percentile: Double) -> Double? {
        guard count > 0 else { return nil }
        return buckets.keys.sorted().first { (buckets[$0] ?? 0) >= count * percentile / 100 }.map { $0 * 1000 }
    }

    static func read(port: Int) async -> PairStoreMetrics? {
        guard let lines = await MetricsScrape.lines(port: port, containing: [name]) else { return nil }
        return PairStoreMetrics(lines: lines)
    }
}
