import Foundation
import JWTKit
import Logging

/// One fetch of a provider's JWKS: the signing keys it lists that we can use, by `kid`.
///
/// The verifier looks a token's `kid` up here before jwt-kit sees the token: `JWTKeyCollection`
/// falls back to its default key for a `kid` it does not hold, and a token must never be
/// checked against a key it did not name.
struct ProviderKeySet: Sendable {
    /// What the JWKS says about one key.
    struct Key: Sendable, Equatable {
        var type: JWK.KeyType
        /// The algorithm the JWKS pins the key to, if it does.
        var algorithm: JWK.Algorithm?
    }

    let keys: [String: Key]
    /// The same keys, ready to verify with.
    let collection: JWTKeyCollection

    func key(_ kid: String) -> Key? { keys[kid] }

    /// Reads a JWKS document. Keys we cannot use are left out rather than failing the set:
    /// encryption keys, other key types, curves and algorithms, keys without a `kid`, keys jwt-kit
    /// refuses (RSA under 2048 bits).
    /// - Throws: `.notAKeySet` when the document is not a JWKS, `.noUsableKey` when nothing is left.
    static func decode(_ json: Data, logger: Logger) async throws(ProviderKeySetError) -> ProviderKeySet {
        let document: LenientKeySet
        do {
            document = try JSONDecoder().decode(LenientKeySet.self, from: json)
        } catch {
            throw .notAKeySet
        }
        let collection = JWTKeyCollection()
        var keys: [String: Key] = [:]
        for entry in document.keys {
            guard let jwk = entry.jwk, let kid = jwk.keyIdentifier?.string, entry.isForSigning, isUsable(jwk) else {
                logger.debug("a published key is not one we verify with; left out", metadata: ["kid": "\(entry.jwk?.keyIdentifier?.string ?? "-")"])
                continue
            }
            do {
                try await collection.add(jwk: jwk)
                keys[kid] = Key(type: jwk.keyType, algorithm: jwk.algorithm)
            } catch {
                logger.debug("a published key could not be loaded; left out", metadata: ["kid": "\(kid)", "error": "\(error)"])
            }
        }
        guard !keys.isEmpty else { throw .noUsableKey }
        return ProviderKeySet(keys: keys, collection: collection)
    }

    /// RSA keys for RS256 and P-256 keys for ES256 only.
    private static func isUsable(_ jwk: JWK) -> Bool {
        switch jwk.keyType {
        case .rsa: jwk.algorithm == nil || jwk.algorithm == .rs256
        case .ecdsa: jwk.curve == .ecdsa(.p256) && (jwk.algorithm == nil || jwk.algorithm == .es256)
        default: false
        }
    }
}

enum ProviderKeySetError: Error, Equatable {
    case notAKeySet
    case noUsableKey
}

/// `{"keys":[…]}` where one key jwt-kit cannot decode (an unknown `kty`, `alg` or curve) does
/// not spoil the others.
private struct LenientKeySet: Decodable {
    var keys: [LenientKey]
}

private struct LenientKey: Decodable {
    var jwk: JWK?
    /// `use`, which jwt-kit's `JWK` does not read: `enc` keys must not verify signatures.
    var use: String?

    var isForSigning: Bool { use == nil || use == "sig" }

    private enum CodingKeys: String, CodingKey {
        case use
    }

    init(from decoder: any Decoder) throws {
        jwk = try? JWK(from: decoder)
        use = try? decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .use)
    }
}
