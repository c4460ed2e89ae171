extension Duration {
    /// Whole microseconds, for an hdrhistogram of latencies; a negative duration (clocks read
    /// out of order) counts as 0.
    var clampedMicroseconds: UInt64 {
        let (seconds, attoseconds) = components
        return UInt64(max(0, seconds)) * 1_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000_000)
    }

    /// Whole nanoseconds, for the load's clock and timers; a negative duration (an instant
    /// already past) counts as 0.
    var clampedNanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        return UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
    }
}
