import ArgumentParser
import DoodleServer
import DoodleStorage
import Logging

/// One `doodle-server` setting: its flag, its environment variable and its default. A value
/// comes from the flag, else the variable (an empty variable counts as unset), else the
/// default; a value that does not parse stops start-up with a message naming both names.
struct ServerOption: Sendable {
    let flag: String
    let variable: String
    /// The default as `--help` shows it; nil when the setting is off unless given.
    let defaultText: String?

    private static let defaults = ServerConfiguration()
    /// Used when neither `--log-level` nor `DOODLE_LOG_LEVEL` is given.
    static let defaultLogLevel = Logger.Level.info

    static let host = ServerOption(flag: "--host", variable: "DOODLE_HOST", defaultText: defaults.host)
    static let port = ServerOption(flag: "--port", variable: "DOODLE_PORT", defaultText: String(defaults.port))
    static let rules = ServerOption(flag: "--rules", variable: "DOODLE_RULES", defaultText: defaults.rulesFolder)
    static let database = ServerOption(flag: "--database", variable: "DOODLE_DATABASE", defaultText: defaults.databasePath)
    static let logLevel = ServerOption(flag: "--log-level", variable: "DOODLE_LOG_LEVEL", defaultText: defaultLogLevel.rawValue)
    static let tlsCertificate = ServerOption(flag: "--tls-certificate", variable: "DOODLE_TLS_CERTIFICATE", defaultText: nil)
    static let tlsKey = ServerOption(flag: "--tls-key", variable: "DOODLE_TLS_KEY", defaultText: nil)
    static let notifyURL = ServerOption(flag: "--notify-url", variable: "DOODLE_NOTIFY_URL", defaultText: nil)
    static let notifySecret = ServerOption(flag: "--notify-secret", variable: "DOODLE_NOTIFY_SECRET", defaultText: nil)
    static let widgetCacheEntries = ServerOption(
        flag: "--widget-cache-entries", variable: "DOODLE_WIDGET_CACHE_ENTRIES", defaultText: String(defaults.widgetCacheEntries))
    static let nodeURL = ServerOption(flag: "--node-url", variable: "DOODLE_NODE_URL", defaultText: nil)
    static let trustedProxies = ServerOption(flag: "--trusted-proxies", variable: "DOODLE_TRUSTED_PROXIES", defaultText: nil)
    static let adminToken = ServerOption(flag: "--admin-token", variable: "DOODLE_ADMIN_TOKEN", defaultText: nil)
    static let oidcProviders = ServerOption(flag: "--oidc-provider", variable: "DOODLE_OIDC_PROVIDERS", defaultText: nil)
    static let eventLoops = ServerOption(flag: "--event-loops", variable: "DOODLE_EVENT_LOOPS", defaultText: "the number of cores")
    static let houseBots = ServerOption(flag: "--house-bots", variable: "DOODLE_HOUSE_BOTS", defaultText: defaults.houseBots ? "on" : "off")
    static let nodeLease = ServerOption(
        flag: "--node-lease-ms", variable: "DOODLE_NODE_LEASE_MS", defaultText: String(DirectoryLease.defaultLeaseMilliseconds))

    /// `summary` followed by where else the value can come from, for `--help`.
    func help(_ summary: String) -> ArgumentHelp {
        ArgumentHelp("\(summary) [env: \(variable); default: \(defaultText ?? "none")]")
    }

    /// The given text and where it came from (`--port 80`, `DOODLE_PORT=80`), or nil if neither
    /// the flag nor the variable gives one.
    func given(flag value: String?, environment: [String: String]) -> (text: String, origin: String)? {
        if let value { return (value, "\(flag) '\(value)'") }
        if let value = environment[variable], !value.isEmpty { return (value, "\(variable)='\(value)'") }
        return nil
    }

    /// The parsed value of a secret, or nil if neither flag nor variable gives one. Like
    /// `value`, but a refusal names where the text came from without repeating it.
    ///
    /// - Throws: `ValidationError` naming the flag and the variable when `parse` refuses the text.
    func secretValue<Value>(flag value: String?, environment: [String: String], expected: String, parse: (String) -> Value?) throws -> Value? {
        guard let (text, _) = given(flag: value, environment: environment) else { return nil }
        guard let parsed = parse(text) else {
            let origin = value != nil ? flag : variable
            throw ValidationError("invalid \(flag) (\(variable)), given with \(origin) (not shown: it is a secret): must be \(expected)")
        }
        return parsed
    }

    /// The parsed value, or nil if neither flag nor variable gives one.
    ///
    /// - Parameter expected: what a good value looks like, for the error message.
    /// - Throws: `ValidationError` naming the flag and the variable when `parse` refuses the text.
    func value<Value>(
        flag value: String?, environment: [String: String], expected: String, parse: (String) -> Value?
    ) throws -> Value? {
        guard let (text, origin) = given(flag: value, environment: environment) else { return nil }
        guard let parsed = parse(text) else {
            throw ValidationError("invalid \(origin): \(flag) (\(variable)) must be \(expected)")
        }
        return parsed
    }
}
