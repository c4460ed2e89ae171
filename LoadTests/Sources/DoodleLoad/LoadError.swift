/// Why a load run could not go on.
public enum LoadError: Error, Sendable, CustomStringConvertible {
    case setupFailed(String)
    case invalidConfiguration(String)
    case serverDidNotStart(String)

    public var description: String {
        switch self {
        case .setupFailed(let reason): "setup failed: \(reason)"
        case .invalidConfiguration(let reason): "invalid configuration: \(reason)"
        case .serverDidNotStart(let reason): "the server did not start: \(reason)"
        }
    }
}
