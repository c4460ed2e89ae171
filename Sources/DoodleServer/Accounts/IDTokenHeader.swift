import Foundation

/// The two header fields the verifier decides on before any key is touched: the algorithm
/// (only RS256 and ES256 are let through) and the `kid` naming the provider's key.
struct IDTokenHeader: Equatable {
    /// The algorithms providers sign ID tokens with. Everything else — `none`, HS256 (which a
    /// public key must never be used as a secret for), PS256, … — is refused.
    enum Algorithm: String {
        case rs256 = "RS256"
        case es256 = "ES256"
    }

    var algorithm: Algorithm
    var kid: String

    /// Longer than any real ID token (Apple's and Google's are about 1 KiB).
    static let maxTokenBytes = 16 * 1024

    /// Reads the header of a compact JWS: `header.payload.signature`, each part base64url.
    static func parse(_ token: String) throws(IDTokenRejection) -> IDTokenHeader {
        guard token.utf8.count <= maxTokenBytes else { throw IDTokenRejection(check: .malformed) }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let json = Data(base64URL: parts[0]),
            let fields = try? JSONDecoder().decode(Fields.self, from: json)
        else { throw IDTokenRejection(check: .malformed) }
        guard let name = fields.alg, let algorithm = Algorithm(rawValue: name) else { throw IDTokenRejection(check: .algorithm) }
        guard let kid = fields.kid, !kid.isEmpty else { throw IDTokenRejection(check: .unknownKey) }
        return IDTokenHeader(algorithm: algorithm, kid: kid)
    }

    private struct Fields: Decodable {
        var alg: String?
        var kid: String?
    }
}

extension Data {
    /// Decodes base64url without padding (RFC 7515 §2); nil for anything else.
    init?(base64URL text: some StringProtocol) {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        guard !base64.contains("=") else { return nil }
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        self.init(base64Encoded: base64)
    }
}
