import Foundation
import Glibc

/// What the single-threaded benches measure with: the CPU time of the calling thread, so a
/// figure does not count the time the shared machine gave to others.
public enum ThreadCPUTime {
    public static func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Calls per CPU second of the calling thread, for `count` calls of `body`.
    public static func rate(count: Int, _ body: (Int) throws -> Void) rethrows -> Double {
        let before = seconds()
        for index in 0..<count { try body(index) }
        return Double(count) / max(seconds() - before, 1e-9)
    }
}

/// The middle of the rounds' figures (the upper one of an even count); 0 for none.
public func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

/// A bench's figures are its output, so they go to standard output as they are.
public func writeFigures(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
}
