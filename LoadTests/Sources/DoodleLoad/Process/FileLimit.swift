#if canImport(Glibc)
import Glibc
#endif

/// The per-process descriptor limit. Every connection is a descriptor on both ends, so the
/// generator raises its soft limit to the hard one; the servers it starts inherit it.
public enum FileLimit {
    /// Raises the soft limit to the hard limit and returns the soft limit now in force.
    @discardableResult
    public static func raiseToHardLimit() -> Int {
        #if canImport(Glibc)
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return -1 }
        if limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            _ = setrlimit(resource, &limit)
            _ = getrlimit(resource, &limit)
        }
        return Int(clamping: limit.rlim_cur)
        #else
        return -1
        #endif
    }

    #if canImport(Glibc)
    private static var resource: __rlimit_resource_t { __rlimit_resource_t(RLIMIT_NOFILE.rawValue) }
    #endif
}
