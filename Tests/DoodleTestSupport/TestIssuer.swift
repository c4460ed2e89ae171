import CryptoExtras
import DoodleServer
import Foundation
import HTTPTypes
import Hummingbird
import JWTKit
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import Synchronization

/// An OpenID Connect provider stand-in for tests: signing keys made in the test (one ES256 and
/// one RS256 to start with), their JWKS served by a real HTTP server on 127.0.0.1, port 0, and
/// ID tokens good or bad in every way a verifier must tell apart (`TestIssuer+Tokens.swift`).
///
/// Its lifecycle is structured: ``run(issuer:audience:clock:_:)`` serves the keys for the length
/// of the body and stops the server when the body returns or throws.
public final class TestIssuer: Sendable {
    /// The `iss` its tokens carry unless a token says otherwise.
    public let issuer: String
    /// The `aud` its tokens carry unless a token says otherwise.
    public let audience: String
    /// Where its JWKS is served.
    public var keysURL: String { "http://127.0.0.1:\(state.withLock { $0.port })/keys" }
    /// The `kid` of the ES256 key it starts with.
    public let ecKid = "es-1"
    /// The `kid` of the RS256 key it starts with.
    public let rsaKid = "rs-1"

    let clock: any GameClock
    /// The private keys, by `kid`, that tokens are signed with.
    let signingKeys: JWTKeyCollection
    private let state: Mutex<State>

    private struct State {
        var published: [JWK]
        var port = 0
        var fetches = 0
        var nextKey = 2
        var keysStatus: HTTPResponse.Status = .ok
        var keysDelay: Duration = .zero
        var oversizedKeys = false
    }

    private init(issuer: String, audience: String, clock: any GameClock, keys: StartingKeys) {
        self.issuer = issuer
        self.audience = audience
        self.clock = clock
        self.signingKeys = keys.signing
        self.state = Mutex(State(published: keys.published))
    }

    /// How a verifier would be configured for this issuer.
    public func provider(name: String = "test") -> OIDCProvider {
        OIDCProvider(name: name, issuers: [issuer], audience: audience, keysURL: keysURL)
    }

    /// How many times its JWKS was asked for.
    public var keyFetches: Int { state.withLock { $0.fetches } }

    /// The `kid`s its JWKS lists now.
    public var publishedKids: [String] { state.withLock { $0.published.compactMap(\.keyIdentifier?.string) } }

    /// Answers the JWKS with this status (and no key set) until set back to `.ok`.
    public func setKeysStatus(_ status: HTTPResponse.Status) { state.withLock { $0.keysStatus = status } }

    /// Holds every JWKS answer this long before sending it (to make fetches overlap).
    public func setKeysDelay(_ delay: Duration) { state.withLock { $0.keysDelay = delay } }

    /// Pads the JWKS to 300 KiB of valid JSON, more than a verifier should read.
    public func setOversizedKeys(_ oversized: Bool) { state.withLock { $0.oversizedKeys = oversized } }

    /// Key rotation: makes a new key, publishes it beside the others and answers its `kid`.
    public func addKey(_ algorithm: KeyAlgorithm) async throws -> String {
        let kid = state.withLock { state -> String in
            defer { state.nextKey += 1 }
            return "\(algorithm.kidPrefix)-\(state.nextKey)"
        }
        let jwk = try await Self.makeKey(algorithm, kid: kid, in: signingKeys)
        state.withLock { $0.published.append(jwk) }
        return kid
    }

    /// Stops publishing a key (tokens can still be signed with it).
    public func unpublishKey(_ kid: String) {
        state.withLock { $0.published.removeAll { $0.keyIdentifier?.string == kid } }
    }

    /// The two algorithms a provider may sign with.
    public enum KeyAlgorithm: Sendable {
        case es256
        case rs256

        var kidPrefix: String {
            switch self {
            case .es256: "es"
            case .rs256: "rs"
            }
        }
    }

    /// Runs `body` with a fresh issuer serving its keys, then stops it.
    /// - Parameter clock: what "now" is for the tokens' default `iat` and `exp`.
    public static func run<T: Sendable>(
        issuer: String = "https://issuer.doodle.test",
        audience: String = "doodle-test-client",
        clock: any GameClock = SystemGameClock(),
        _ body: @Sendable (TestIssuer) async throws -> T
    ) async throws -> T {
        let testIssuer = TestIssuer(issuer: issuer, audience: audience, clock: clock, keys: try await StartingKeys.make())
        let router = Router()
        router.get("/keys") { _, _ -> Response in try await testIssuer.keysResponse() }
        return try await LocalHTTPServer.run(router, label: "test-issuer") { port in
            testIssuer.state.withLock { $0.port = port }
            return try await body(testIssuer)
        }
    }

    private func keysResponse() async throws -> Response {
        let (jwks, status, delay, oversized) = state.withLock { state in
            state.fetches += 1
            return (JWKS(keys: state.published), state.keysStatus, state.keysDelay, state.oversizedKeys)
        }
        if delay > .zero { try await Task.sleep(for: delay) }
        guard status == .ok else { return Response(status: status) }
        var body = try JSONEncoder().encode(jwks)
        if oversized {
            // Still one valid JSON object: the padding is an extra member no verifier reads.
            body.removeLast()
            body.append(contentsOf: Data(#","padding":""#.utf8) + Data(repeating: UInt8(ascii: "x"), count: 300 * 1024) + Data(#""}"#.utf8))
        }
        return Response(
            status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// The keys an issuer starts with, made before its server starts.
    private struct StartingKeys {
        let signing: JWTKeyCollection
        let published: [JWK]

        static func make() async throws -> StartingKeys {
            let signing = JWTKeyCollection()
            let ec = try await TestIssuer.makeKey(.es256, kid: "es-1", in: signing)
            let rsa = try await TestIssuer.makeKey(.rs256, kid: "rs-1", in: signing)
            return StartingKeys(signing: signing, published: [ec, rsa])
        }
    }

    /// Two RSA-2048 keys made once per test process and shared by every issuer: in a debug
    /// build (BoringSSL unoptimised) one takes seconds of CPU, and made per issuer they starved
    /// the rest of the suite running beside them.
    private static let sharedRSAKeys = Result {
        try (0..<2).map { _ in try Insecure.RSA.PrivateKey(backing: _RSA.Signing.PrivateKey(keySize: .bits2048)) }
    }

    /// Makes a private key, adds it to `collection` under `kid` and answers its public JWK.
    static func makeKey(_ algorithm: KeyAlgorithm, kid: String, in collection: JWTKeyCollection) async throws -> JWK {
        switch algorithm {
        case .es256:
            let key = ES256PrivateKey()
            await collection.add(ecdsa: key, kid: JWKIdentifier(string: kid))
            guard let parameters = key.publicKey.parameters else { throw TestIssuerError.keyExport }
            return .ecdsa(.es256, identifier: JWKIdentifier(string: kid), x: parameters.x, y: parameters.y, curve: .p256)
        case .rs256:
            // The issuer's first key is one shared key, any later one (a rotation) the other.
            // Made (the first time) on NIO's blocking pool: seconds of work on a cooperative
            // thread would stall every test server in the process meanwhile.
            let keys = try await NIOThreadPool.singleton.runIfActive { try sharedRSAKeys.get() }
            let key = keys[kid == "rs-1" ? 0 : 1]
            await collection.add(rsa: key, digestAlgorithm: .sha256, kid: JWKIdentifier(string: kid))
            let primitives = try key.publicKey.getKeyPrimitives()
            return .rsa(
                .rs256, identifier: JWKIdentifier(string: kid), modulus: primitives.modulus.base64URL,
                exponent: primitives.publicExponent.base64URL)
        }
    }
}

public enum TestIssuerError: Error {
    case keyExport
    case encoding
}

extension Data {
    /// Base64url without padding, as JOSE writes binary values.
    var base64URL: String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
