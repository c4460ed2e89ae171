import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1

/// A login flood (docs/performance.md, "Login flood"): `POST /v1/auth/login` at a fixed rate,
/// open loop (a flood does not wait for answers), half with unknown emails, half with wrong
/// passwords for a few accounts registered first. Every request comes "through a proxy" from
/// one of `addresses` documentation-range addresses in `X-Forwarded-For` (the server must trust
/// 127.0.0.1 as a proxy), so the per-address sign-in limit sees a flood from many machines, as a
/// real one would be, rather than stopping it at the door.
public struct LoginFlood: Sendable {
    public struct Configuration: Sendable, Codable, Equatable {
        /// Logins sent per second.
        public var rate: Int
        /// Accounts registered before the flood; the wrong-password half goes to them in turn.
        public var accounts: Int
        /// Distinct client addresses the requests claim to come from.
        public var addresses: Int
        /// Requests in flight at most; a send that would pass it is counted as skipped.
        public var maxInFlight: Int
        /// How long one request may take before it counts as timed out.
        public var timeoutSeconds: Int

        public init(rate: Int, accounts: Int = 4, addresses: Int = 256, maxInFlight: Int = 1_000, timeoutSeconds: Int = 15) {
            self.rate = rate
            self.accounts = accounts
            self.addresses = addresses
            self.maxInFlight = maxInFlight
            self.timeoutSeconds = timeoutSeconds
        }

        /// What is wrong with it, if anything.
        public var violation: String? {
            guard (1...2_000).contains(rate) else { return "--login-flood must be 1–2000 logins per second" }
            guard (1...100).contains(accounts) else { return "--login-flood-accounts must be 1–100" }
            guard (1...512).contains(addresses) else { return "--login-flood-addresses must be 1–512 (two documentation /24s)" }
            return nil
        }
    }

    public let configuration: Configuration
    let base: String
    let client: HTTPClient
    let logger: Logger

    /// - Parameter url: the server's WebSocket URL (`ws://127.0.0.1:PORT/v1/ws`).
    public init(configuration: Configuration, url: String, client: HTTPClient, logger: Logger) {
        self.configuration = configuration
        base = WidgetPolling.httpBase(of: url)
        self.client = client
        self.logger = logger
    }

    /// The registered accounts' emails (their passwords are never sent again: the flood's
    /// passwords are all wrong).
    public func registerAccounts(run: Int) async throws -> [String] {
        var emails: [String] = []
        for index in 0..<configuration.accounts {
            let email = "flood-\(run)-\(index)@example.org"
            let password = "Kettle-Moon-Orbit-\(run)-\(index)-\(UInt32.random(in: .min ... .max))"
            let (status, body) = try await post("/v1/auth/register", email: email, password: password, address: address(index))
            guard status == 201 else {
                let hint = status == 404 ? " (this server has no /v1/auth/register: build one with the accounts routes)" : ""
                throw LoadError.setupFailed("registering \(email): HTTP \(status) \(body.prefix(200))\(hint)")
            }
            emails.append(email)
        }
        return emails
    }

    /// Sends logins until `going` turns false, then waits for the answers still due.
    public func run(accounts: [String], while going: @escaping @Sendable () -> Bool) async -> LoginFloodResult {
        let stats = LoginFloodStats()
        let interval = Duration.seconds(1) / configuration.rate
        let start = ContinuousClock.now
        await withTaskGroup(of: Void.self) { group in
            var next = start
            var sent = 0
            while going() {
                try? await Task.sleep(until: next, clock: .continuous)
                let kind: LoginFloodStats.Kind = sent % 2 == 0 ? .unknownEmail : .wrongPassword
                let email = kind == .unknownEmail ? "nobody-\(UUID().uuidString.prefix(12))@example.org" : accounts[(sent / 2) % accounts.count]
                let address = address(sent)
                let password = "wrong-password-\(sent)"
                sent += 1
                next += interval
                guard stats.begin(limit: configuration.maxInFlight) else { continue }
                group.addTask {
                    let sentAt = ContinuousClock.now
                    do {
                        let (status, body) = try await post("/v1/auth/login", email: email, password: password, address: address)
                        stats.answered(kind: kind, status: status, body: body, latency: ContinuousClock.now - sentAt)
                    } catch {
                        stats.failed(error)
                    }
                }
            }
        }
        return stats.result(configuration: configuration, seconds: (ContinuousClock.now - start).seconds)
    }

    /// The `index`th client address: 198.51.100.1… then 203.0.113.1… (RFC 5737 ranges: header
    /// values only, nothing is ever sent there).
    private func address(_ index: Int) -> String {
        let slot = index % configuration.addresses
        return slot < 256 ? "198.51.100.\(slot)" : "203.0.113.\(slot - 256)"
    }

    private func post(_ path: String, email: String, password: String, address: String) async throws -> (Int, String) {
        var request = HTTPClientRequest(url: base + path)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "X-Forwarded-For", value: address)
        let body = try JSONSerialization.data(withJSONObject: ["email": email, "password": password])
        request.body = .bytes(ByteBuffer(bytes: body))
        let response = try await client.execute(request, timeout: .seconds(Int64(configuration.timeoutSeconds)))
        let answer = try await response.body.collect(upTo: 64 << 10)
        return (Int(response.status.code), String(buffer: answer))
    }
}
