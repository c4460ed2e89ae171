import Foundation
import NIOSSL
import PostgresNIO

/// Where a PostgreSQL database is, parsed from a `postgres://user:password@host:port/database`
/// URL (`postgresql://` too). The port defaults to 5432; user and password may be
/// percent-encoded. One query parameter is understood, `sslmode`, with libpq's meanings:
/// `disable`, `prefer` (the default: TLS if the server offers it, certificate not checked),
/// `require` (TLS or nothing, certificate not checked) and `verify-full` (TLS with the
/// certificate checked against the system's trust roots and the host name).
public struct PostgresLocation: Sendable, Equatable, CustomStringConvertible {
    public enum TLSMode: String, Sendable, CaseIterable {
        case disable
        case prefer
        case require
        case verifyFull = "verify-full"
    }

    public var host: String
    public var port: Int
    public var username: String
    public var password: String?
    public var database: String
    public var tls: TLSMode

    /// Whether `location` asks for PostgreSQL (by its scheme) rather than naming a SQLite file.
    public static func isPostgresURL(_ location: String) -> Bool {
        schemes.contains { location.lowercased().hasPrefix($0 + "://") }
    }

    private static let schemes = ["postgres", "postgresql"]

    /// - Throws: `PostgresLocationError` saying what is wrong with `url`.
    public init(url: String) throws(PostgresLocationError) {
        guard let components = URLComponents(string: url), let scheme = components.scheme else {
            throw PostgresLocationError(url: url, problem: "is not a URL")
        }
        guard Self.schemes.contains(scheme.lowercased()) else {
            throw PostgresLocationError(url: url, problem: "has the scheme '\(scheme)', not postgres://")
        }
        guard var host = components.host, !host.isEmpty else {
            throw PostgresLocationError(url: url, problem: "names no host")
        }
        if host.hasPrefix("["), host.hasSuffix("]") {
            host = String(host.dropFirst().dropLast())
        }
        guard let username = components.user, !username.isEmpty else {
            throw PostgresLocationError(url: url, problem: "names no user (postgres://user:password@host/database)")
        }
        let port = components.port ?? 5432
        guard (1...65535).contains(port) else {
            throw PostgresLocationError(url: url, problem: "has the port \(port), outside 1–65535")
        }
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        guard !path.isEmpty else {
            throw PostgresLocationError(url: url, problem: "names no database (postgres://user:password@host/database)")
        }
        guard !path.contains("/") else {
            throw PostgresLocationError(url: url, problem: "has the path '/\(path)'; the path is only the database's name")
        }
        var tls = TLSMode.prefer
        for item in components.queryItems ?? [] {
            guard item.name == "sslmode" else {
                throw PostgresLocationError(url: url, problem: "has the parameter '\(item.name)'; only sslmode is understood")
            }
            guard let value = item.value, let mode = TLSMode(rawValue: value) else {
                let known = TLSMode.allCases.map(\.rawValue).joined(separator: ", ")
                throw PostgresLocationError(url: url, problem: "has sslmode '\(item.value ?? "")'; use one of \(known)")
            }
            tls = mode
        }
        self.init(host: host, port: port, username: username, password: components.password, database: path, tls: tls)
    }

    public init(host: String, port: Int = 5432, username: String, password: String?, database: String, tls: TLSMode = .prefer) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.database = database
        self.tls = tls
    }

    /// The same server and credentials, another database on it.
    public func database(_ name: String) -> PostgresLocation {
        var other = self
        other.database = name
        return other
    }

    /// The URL without its password, for logs and messages.
    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        let mode = tls == .prefer ? "" : "?sslmode=\(tls.rawValue)"
        return "postgres://\(username)@\(shownHost):\(port)/\(database)\(mode)"
    }

    /// The whole URL, password included, as `init(url:)` reads it back.
    public var url: String {
        let allowed = CharacterSet.urlUserAllowed.subtracting(CharacterSet(charactersIn: ":@/"))
        let user = username.addingPercentEncoding(withAllowedCharacters: allowed) ?? username
        let secret = password.map { ":" + ($0.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0) } ?? ""
        let shownHost = host.contains(":") ? "[\(host)]" : host
        let mode = tls == .prefer ? "" : "?sslmode=\(tls.rawValue)"
        return "postgres://\(user)\(secret)@\(shownHost):\(port)/\(database)\(mode)"
    }

    /// What postgres-nio's client is opened with.
    public var clientConfiguration: PostgresClient.Configuration {
        PostgresClient.Configuration(host: host, port: port, username: username, password: password, database: database, tls: clientTLS)
    }

    /// What a single connection outside the pool is opened with.
    ///
    /// - Throws: NIOSSL's error if the system's TLS configuration cannot be loaded.
    public func connectionConfiguration() throws -> PostgresConnection.Configuration {
        let connectionTLS: PostgresConnection.Configuration.TLS
        switch tls {
        case .disable: connectionTLS = .disable
        case .prefer: connectionTLS = .prefer(try NIOSSLContext(configuration: tlsConfiguration))
        case .require, .verifyFull: connectionTLS = .require(try NIOSSLContext(configuration: tlsConfiguration))
        }
        return PostgresConnection.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: connectionTLS)
    }

    private var clientTLS: PostgresClient.Configuration.TLS {
        switch tls {
        case .disable: .disable
        case .prefer: .prefer(tlsConfiguration)
        case .require, .verifyFull: .require(tlsConfiguration)
        }
    }

    /// libpq's `prefer` and `require` encrypt without checking the certificate; `verify-full` checks it.
    private var tlsConfiguration: TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if tls != .verifyFull {
            configuration.certificateVerification = .none
        }
        return configuration
    }
}

/// A `postgres://` URL that cannot be used, and why.
public struct PostgresLocationError: Error, Equatable, CustomStringConvertible {
    /// The URL as given, password hidden.
    public let url: String
    public let problem: String

    init(url: String, problem: String) {
        self.url = Self.hidingPassword(in: url)
        self.problem = problem
    }

    public var description: String { "the database URL \(url) \(problem)" }

    /// `postgres://user:secret@host` → `postgres://user:***@host`, so an error never prints a password.
    private static func hidingPassword(in url: String) -> String {
        guard let schemeEnd = url.range(of: "://"), let at = url[schemeEnd.upperBound...].lastIndex(of: "@") else { return url }
        let credentials = url[schemeEnd.upperBound..<at]
        guard let colon = credentials.firstIndex(of: ":") else { return url }
        return String(url[..<url.index(after: colon)]) + "***" + String(url[at...])
    }
}
