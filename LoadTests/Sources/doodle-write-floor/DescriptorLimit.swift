import Glibc

/// The process's open-file limit: the capacity search holds both ends of every connection, so
/// it raises its soft limit to the hard one and refuses a search that would not fit under that.
enum DescriptorLimit {
    struct LimitError: Error, CustomStringConvertible {
        let call: String
        let code = errno
        var description: String { "\(call)(RLIMIT_NOFILE) failed: \(String(cString: strerror(code)))" }
    }

    /// The hard limit, the most the soft one can be raised to; nil if it cannot be read.
    static var hard: Int? {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return nil }
        return Int(clamping: limit.rlim_max)
    }

    /// Raises the soft limit to the hard one and returns the soft limit now in force.
    @discardableResult
    static func raiseToHard() throws -> Int {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { throw LimitError(call: "getrlimit") }
        if limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            guard setrlimit(resource, &limit) == 0 else { throw LimitError(call: "setrlimit") }
        }
        return Int(clamping: limit.rlim_cur)
    }

    private static var resource: __rlimit_resource_t { __rlimit_resource_t(RLIMIT_NOFILE.rawValue) }
}
