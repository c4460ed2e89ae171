import Testing

@testable import DoodleLoad

@Suite("Reading the server's pair store histogram from /metrics")
struct PairStoreMetricsTests {
    static func reading(count: Int, sum: Double, buckets: [(String, Int)]) -> PairStoreMetrics? {
        PairStoreMetrics(
            lines: buckets.map { "doodle_pair_store_seconds_bucket{le=\"\($0.0)\"} \($0.1)" } + [
                "doodle_pair_store_seconds_sum \(sum)", "doodle_pair_store_seconds_count \(count)", "doodle_pair_rooms 3.0",
            ])
    }

    @Test("the window is the difference of two readings: its mean and the bucket holding p99")
    func window() throws {
        let start = try #require(Self.reading(count: 100, sum: 0.5, buckets: [("0.005", 90), ("0.01", 100), ("+Inf", 100)]))
        let end = try #require(Self.reading(count: 300, sum: 1.5, buckets: [("0.005", 150), ("0.01", 295), ("0.025", 300), ("+Inf", 300)]))
        let window = end.since(start)
        #expect(window.count == 200)
        #expect(window.meanMilliseconds == 5)
        // 99% of 200 is 198: 60 under 5 ms, 195 under 10 ms, all 200 under 25 ms.
        #expect(window.bound(percentile: 99) == 25)
        #expect(window.bound(percentile: 50) == 10)
    }

    @Test("no histogram, no reading")
    func missing() {
        #expect(PairStoreMetrics(lines: ["doodle_pair_rooms 3.0"]) == nil)
    }
}
