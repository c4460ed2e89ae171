import Histogram

/// Percentiles of a latency histogram, in milliseconds.
public struct LatencySummary: Sendable, Codable, Equatable {
    public var count: UInt64
    public var p50: Double
    public var p90: Double
    public var p99: Double
    public var p999: Double
    public var max: Double

    public init(_ histogram: Histogram<UInt64>) {
        func ms(_ microseconds: UInt64) -> Double { Double(microseconds) / 1000 }
        count = histogram.totalCount
        p50 = ms(histogram.valueAtPercentile(50))
        p90 = ms(histogram.valueAtPercentile(90))
        p99 = ms(histogram.valueAtPercentile(99))
        p999 = ms(histogram.valueAtPercentile(99.9))
        // `max` is the highest equivalent value of the top bucket; an empty histogram reports 0.
        max = count == 0 ? 0 : ms(histogram.max)
    }
}
