import Crypto
import DoodleTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import ServiceLifecycle
import Synchronization

/// A push service stand-in: a real HTTP server on port 0 that records every POST and answers
/// 503 while `accepting` is false or for the first `failFirst` requests, then 200.
final class WebhookReceiver: Sendable {
    struct Delivery: Sendable {
        var key: String
        var signature: String?
        var body: String
        var accepted: Bool
    }

    private struct State {
        var deliveries: [Delivery] = []
        var failuresLeft: Int
        var accepting: Bool
    }

    private let state: Mutex<State>

    init(failFirst: Int = 0, accepting: Bool = true) {
        state = Mutex(State(failuresLeft: failFirst, accepting: accepting))
    }

    var deliveries: [Delivery] { state.withLock { $0.deliveries } }
    var accepted: [Delivery] { deliveries.filter(\.accepted) }

    func setAccepting(_ accepting: Bool) { state.withLock { $0.accepting = accepting } }

    /// Waits until `count` deliveries were accepted (at most `timeout`).
    func waitForAccepted(_ count: Int, timeout: Duration = .seconds(10)) async throws -> [Delivery] {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let accepted = self.accepted
            if accepted.count >= count { return accepted }
            try await Task.sleep(for: .milliseconds(20))
        }
        return accepted
    }

    private func record(key: String, signature: String?, body: String) -> Bool {
        state.withLock { state in
            var accept = state.accepting
            if accept, state.failuresLeft > 0 {
                state.failuresLeft -= 1
                accept = false
            }
            state.deliveries.append(Delivery(key: key, signature: signature, body: body, accepted: accept))
            return accept
        }
    }

    /// Runs `body` with the receiver listening; its URL is passed in.
    func run<T: Sendable>(_ body: @Sendable (String) async throws -> T) async throws -> T {
        let router = Router()
        router.post("/hook") { request, _ -> HTTPResponse.Status in
            let bytes = try await request.body.collect(upTo: 1 << 20)
            let header = { (name: String) in request.headers.first { $0.name.canonicalName == name }?.value }
            let accepted = self.record(
                key: header("idempotency-key") ?? "", signature: header("x-doodle-signature"), body: String(buffer: bytes))
            return accepted ? .ok : .serviceUnavailable
        }
        return try await LocalHTTPServer.run(router, label: "webhook-receiver") { port in
            try await body("http://127.0.0.1:\(port)/hook")
        }
    }

    /// The signature a body must carry under `secret`.
    static func signature(of body: String, secret: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Data(body.utf8), using: SymmetricKey(data: Data(secret.utf8)))
        return "sha256=" + code.map { String(format: "%02x", $0) }.joined()
    }
}
