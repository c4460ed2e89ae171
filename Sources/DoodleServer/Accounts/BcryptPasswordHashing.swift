import Crypto
import Foundation
import HummingbirdBcrypt
import ServiceLifecycle
import Synchronization

/// Passwords hashed with bcrypt (hummingbird-auth's `HummingbirdBcrypt`) on a
/// `PasswordHashingPool`: at most its threads' worth at a time, a bounded number waiting, the
/// rest refused as `.busy`. A service: its pool's threads stop with the server.
///
/// What bcrypt is given is not the password itself but a fixed-length digest of it (see
/// `bcryptInput`), and the stored hash is ordinary bcrypt (`$2b$12$…`).
struct BcryptPasswordHashing: PasswordHashing, Service, CustomStringConvertible {
    /// The least cost a server accepts (the contract's "bcrypt (cost ≥ 12)").
    static let minimumCost = 12
    /// The most cost bcrypt takes.
    static let maximumCost = 31
    /// The least cost bcrypt takes at all: for tests only, through `init(testingCost:pool:)`.
    static let minimumTestingCost = 4

    var description: String { "BcryptPasswordHashing(cost: \(cost))" }

    /// log2 of bcrypt's rounds: each step up doubles the time of a hash.
    let cost: Int
    let pool: PasswordHashingPool
    private let unknownUserHash: UnknownUserHash

    /// A hasher for a server: `cost` from `minimumCost` to `maximumCost`.
    ///
    /// - Throws: `BcryptCostOutOfRange` for any other cost.
    init(cost: Int = BcryptPasswordHashing.minimumCost, pool: PasswordHashingPool = PasswordHashingPool()) throws(BcryptCostOutOfRange) {
        guard (Self.minimumCost...Self.maximumCost).contains(cost) else {
            throw BcryptCostOutOfRange(cost: cost, allowed: Self.minimumCost...Self.maximumCost)
        }
        self.init(checkedCost: cost, pool: pool)
    }

    /// A hasher for tests, which may hash at a cost as low as 4 (a thousandth of the time of
    /// cost 12) so that a suite registering many accounts stays fast. Never for a server.
    ///
    /// - Throws: `BcryptCostOutOfRange` for a cost outside 4–31.
    init(testingCost cost: Int, pool: PasswordHashingPool = PasswordHashingPool()) throws(BcryptCostOutOfRange) {
        guard (Self.minimumTestingCost...Self.maximumCost).contains(cost) else {
            throw BcryptCostOutOfRange(cost: cost, allowed: Self.minimumTestingCost...Self.maximumCost)
        }
        self.init(checkedCost: cost, pool: pool)
    }

    private init(checkedCost cost: Int, pool: PasswordHashingPool) {
        self.cost = cost
        self.pool = pool
        unknownUserHash = UnknownUserHash(cost: cost)
    }

    func hash(_ password: String) async throws(PasswordHashingError) -> String {
        let cost = UInt8(cost)
        return try await pool.execute { Bcrypt.hash(Self.bcryptInput(password), cost: cost) }
    }

    func verify(_ password: String, against hash: String?) async throws(PasswordHashingError) -> Bool {
        let unknownUserHash = unknownUserHash
        return try await pool.execute {
            guard let hash else {
                // The same work as for a real login, so the answer takes as long as for a wrong
                // password; the result is thrown away.
                _ = Bcrypt.verify(Self.bcryptInput(password), hash: unknownUserHash.value)
                return false
            }
            return Bcrypt.verify(Self.bcryptInput(password), hash: hash)
        }
    }

    /// Makes the unknown-email hash first, so that even the first unknown email takes no
    /// longer than a wrong password; then runs the pool until shutdown.
    func run() async throws {
        let unknownUserHash = unknownUserHash
        _ = try? await pool.execute { unknownUserHash.value }
        try await pool.run()
    }

    /// What bcrypt hashes for a password: the password in Unicode's composed form (NFC), then
    /// HMAC-SHA256 under a fixed key, base64-encoded (44 ASCII characters).
    ///
    /// Composed form: "é" typed as one code point on one device and as "e" plus an accent on
    /// another is the same password to its owner. The digest: bcrypt reads at most 72 bytes and
    /// stops at the first NUL, while a password may be 128 characters (up to 512 bytes of UTF-8),
    /// so without it two long passwords sharing their first 72 bytes would be one password, and
    /// anything after a NUL would not count. The key is no secret (a secret one would lock every
    /// account out with its loss); it only makes the digest ours, so that unsalted SHA-256
    /// hashes leaked by other sites cannot be tried against our bcrypt hashes as they are.
    static func bcryptInput(_ password: String) -> String {
        let composed = password.precomposedStringWithCanonicalMapping
        let digest = HMAC<SHA256>.authenticationCode(for: Data(composed.utf8), using: bcryptInputKey)
        return Data(digest).base64EncodedString()
    }

    private static let bcryptInputKey = SymmetricKey(data: Data("doodle password bcrypt input, version 1".utf8))
}

/// A bcrypt cost a hasher does not take.
struct BcryptCostOutOfRange: Error, CustomStringConvertible, Equatable {
    let cost: Int
    let allowed: ClosedRange<Int>

    var description: String { "bcrypt cost \(cost) is outside \(allowed.lowerBound)–\(allowed.upperBound)" }
}

/// The hash an unknown email's password is checked against: of a random password nobody knows,
/// at the hasher's cost (bcrypt's time depends only on the cost, so a check against it takes as
/// long as one against a real hash). Made once, on a pool thread, when the service starts or by
/// the first check that needs it, whichever comes first; threads that need it meanwhile wait.
private final class UnknownUserHash: Sendable {
    private let cost: Int
    private let made = Mutex<String?>(nil)

    init(cost: Int) { self.cost = cost }

    /// Blocks on the first call for one hash's time: call it on a pool thread only.
    var value: String {
        made.withLock { made in
            if let made { return made }
            let secret = (0..<32).map { _ in String(UInt8.random(in: .min ... .max), radix: 16) }.joined()
            let hash = Bcrypt.hash(secret, cost: UInt8(cost))
            made = hash
            return hash
        }
    }
}
