import Foundation

extension OIDCProvider {
    /// Sign in with Apple: its issuer and keys, so `apple=,AUDIENCE` is enough.
    public static func apple(audience: String) -> OIDCProvider {
        OIDCProvider(
            name: "apple", issuers: ["https://appleid.apple.com"], audience: audience,
            keysURL: "https://appleid.apple.com/auth/keys")
    }

    /// Sign in with Google: its tokens carry either of two issuers.
    public static func google(audience: String) -> OIDCProvider {
        OIDCProvider(
            name: "google", issuers: ["https://accounts.google.com", "accounts.google.com"], audience: audience,
            keysURL: "https://www.googleapis.com/oauth2/v3/certs")
    }

    /// One provider from `NAME=ISSUER,AUDIENCE,JWKS_URL`, or `apple=,AUDIENCE` / `google=,AUDIENCE`.
    ///
    /// The name is lowercase letters, digits and `-`; the keys URL is `https`, or `http` to this
    /// machine only (a key set anyone on the path could swap would let them sign in as anyone).
    /// - Throws: `OIDCProviderSpecError` naming the part that is wrong.
    public static func parse(_ spec: String) throws(OIDCProviderSpecError) -> OIDCProvider {
        let spec = spec.trimmingCharacters(in: .whitespaces)
        func failure(_ problem: OIDCProviderSpecError.Problem) -> OIDCProviderSpecError {
            OIDCProviderSpecError(spec: spec, problem: problem)
        }
        guard let equals = spec.firstIndex(of: "=") else { throw failure(.missingEquals) }
        let name = String(spec[..<equals]).trimmingCharacters(in: .whitespaces)
        guard isValidName(name) else { throw failure(.invalidName) }
        let fields = spec[spec.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }

        if fields.count == 2, fields[0].isEmpty {
            guard !fields[1].isEmpty else { throw failure(.missingAudience) }
            switch name {
            case "apple": return .apple(audience: fields[1])
            case "google": return .google(audience: fields[1])
            default: throw failure(.noPreset)
            }
        }
        guard fields.count == 3 else { throw failure(.wrongFieldCount(fields.count)) }
        let (issuer, audience, keysURL) = (fields[0], fields[1], fields[2])
        guard !issuer.isEmpty else { throw failure(.missingIssuer) }
        guard !audience.isEmpty else { throw failure(.missingAudience) }
        guard let url = URL(string: keysURL), let scheme = url.scheme?.lowercased(), let host = url.host(), !host.isEmpty else {
            throw failure(.invalidKeysURL)
        }
        guard scheme == "https" || (scheme == "http" && isLoopback(host)) else { throw failure(.insecureKeysURL) }
        return OIDCProvider(name: name, issuers: [issuer], audience: audience, keysURL: keysURL)
    }

    /// The providers of `DOODLE_OIDC_PROVIDERS`: specs separated by `;` (blank ones ignored),
    /// names unique.
    public static func parseList(_ env: String) throws(OIDCProviderSpecError) -> [OIDCProvider] {
        var providers: [OIDCProvider] = []
        for spec in env.split(separator: ";") where !spec.allSatisfy(\.isWhitespace) {
            let provider = try parse(String(spec))
            guard !providers.contains(where: { $0.name == provider.name }) else {
                throw OIDCProviderSpecError(spec: spec.trimmingCharacters(in: .whitespaces), problem: .duplicateName)
            }
            providers.append(provider)
        }
        return providers
    }

    private static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    private static func isLoopback(_ host: String) -> Bool {
        ["localhost", "127.0.0.1", "::1", "[::1]"].contains(host.lowercased())
    }
}

/// An `--oidc-provider` spec (or one of `DOODLE_OIDC_PROVIDERS`) that cannot be used. Its
/// description names the spec and what is wrong with it; specs hold no secret.
public struct OIDCProviderSpecError: Error, Equatable, CustomStringConvertible {
    public enum Problem: Equatable, Sendable {
        case missingEquals
        case invalidName
        case noPreset
        case wrongFieldCount(Int)
        case missingIssuer
        case missingAudience
        case invalidKeysURL
        case insecureKeysURL
        case duplicateName
    }

    /// The spec as given (trimmed).
    public var spec: String
    public var problem: Problem

    public var description: String {
        let why =
            switch problem {
            case .missingEquals: "expected NAME=ISSUER,AUDIENCE,JWKS_URL"
            case .invalidName: "the name must be lowercase letters, digits and '-'"
            case .noPreset: "only apple and google may leave out the issuer and keys URL; give NAME=ISSUER,AUDIENCE,JWKS_URL"
            case .wrongFieldCount(let count): "expected ISSUER,AUDIENCE,JWKS_URL after the name, found \(count) field(s)"
            case .missingIssuer: "the issuer is empty"
            case .missingAudience: "the audience is empty"
            case .invalidKeysURL: "the JWKS URL is not an absolute URL"
            case .insecureKeysURL: "the JWKS URL must be https (http only to localhost)"
            case .duplicateName: "another provider already has this name"
            }
        return "OpenID Connect provider '\(spec)': \(why)"
    }
}
