import Glibc

/// CLOCK_MONOTONIC in nanoseconds: one clock for the pacer's send times and the readers'
/// arrival times, both in this process, so a delivery's latency is a plain difference.
enum MonotonicClock {
    static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Sleeps until the clock reads `deadline`: an absolute deadline, so time spent sending does
    /// not push every later trigger back.
    static func sleep(until deadline: UInt64) {
        var time = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &time, nil) == EINTR {}
    }
}

/// The CPU time of the whole process, all its threads: less the fan-out thread's, what the load
/// generator (pacer and readers) used.
enum ProcessCPUTime {
    static func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
