import Crypto
import Foundation

/// `X-Doodle-Signature: sha256=<hex>`: the HMAC-SHA256 of the exact body under the shared
/// secret, so the push service can tell our POSTs from anyone else's.
struct WebhookSignature: Sendable {
    private let key: SymmetricKey

    init(secret: String) {
        key = SymmetricKey(data: Data(secret.utf8))
    }

    func header(for body: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Data(body.utf8), using: key)
        return "sha256=" + code.map { String(format: "%02x", $0) }.joined()
    }
}
