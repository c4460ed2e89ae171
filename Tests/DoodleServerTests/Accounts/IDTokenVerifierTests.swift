import DoodleStorage
import DoodleTestSupport
import Foundation
import HTTPTypes
import Logging
import Testing

@testable import DoodleServer

/// The verifier against a live stand-in provider (`TestIssuer`) serving its JWKS over HTTP, on
/// a manual clock shared by issuer and verifier.
@Suite struct IDTokenVerifierTests {
    /// Runs `body` with an issuer, a verifier configured for it (as provider `test`), the clock
    /// and the verifier's log.
    private func withVerifier(
        providers: (@Sendable (TestIssuer) -> [OIDCProvider])? = nil,
        _ body: @Sendable (TestIssuer, IDTokenVerifier, ManualGameClock, IDTokenLogCapture) async throws -> Void
    ) async throws {
        let clock = ManualGameClock()
        try await TestIssuer.run(clock: clock) { issuer in
            let log = IDTokenLogCapture()
            let verifier = IDTokenVerifier(
                providers: providers?(issuer) ?? [issuer.provider()], clock: clock, logger: log.logger())
            try await body(issuer, verifier, clock, log)
        }
    }

    private func expectRefused(
        _ check: IDTokenRejection.Check, _ token: String, by verifier: IDTokenVerifier, provider: String = "test",
        nonce: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        await #expect(throws: IDTokenRejection(check: check), sourceLocation: sourceLocation) {
            try await verifier.verify(idToken: token, provider: provider, nonce: nonce)
        }
    }

    @Test func goodES256TokenGivesTheIdentity() async throws {
        try await withVerifier { issuer, verifier, _, _ in
            let token = try await issuer.idToken(subject: "001234.abcd", nonce: "n-1", email: "ada@example.com")
            let identity = try await verifier.verify(idToken: token, provider: "test", nonce: "n-1")
            #expect(identity == ExternalIdentity(provider: "test", issuer: issuer.issuer, subject: "001234.abcd", email: "ada@example.com"))
            #expect(issuer.keyFetches == 1)
        }
    }

    @Test func goodRS256TokenIsAccepted() async throws {
        try await withVerifier { issuer, verifier, _, _ in
            let token = try await issuer.idToken(subject: "rsa-user", kid: issuer.rsaKid)
            let identity = try await verifier.verify(idToken: token, provider: "test", nonce: nil)
            #expect(identity.subject == "rsa-user")
            #expect(identity.email == nil)
        }
    }

    @Test func keysAreFetchedOnceForManyTokens() async throws {
        try await withVerifier { issuer, verifier, _, _ in
            for index in 0..<5 {
                let token = try await issuer.idToken(subject: "user-\(index)", kid: index.isMultiple(of: 2) ? issuer.ecKid : issuer.rsaKid)
                _ = try await verifier.verify(idToken: token, provider: "test", nonce: nil)
            }
            #expect(issuer.keyFetches == 1)
        }
    }

    @Test func signatureByAnUnpublishedKeyIsRefused() async throws {
        try await withVerifier { issuer, verifier, _, _ in
            await expectRefused(.signature, try await issuer.idToken(signing: .impostor), by: verifier)
        }
    }

    @Test func tamperedPayloadIsRefused() async throws {
        try await withVerifier { issuer, verifier, _, _ in
            let good = try await issuer.idToken(subject: "victim").split(separator: ".").map(String.init)
            let other = try await issuer.idToken(subject: "attacker").split(separator: ".").map(String.init)
            await expectRefused(.signature, [good[0], other[1], good[2]].joined(separator: "."), by: verifier)
        }
    }

    @Test func wrongIssuerIsRefused() async throws {
        try await withVerifier { issuer, verifier, _, _ in
            await expectRefused(.issuer, try await issuer.idToken(issuer: "https://someone-else.example"), by: verifier)
        }
    }

    @Test func wrongAudienceIsRefusedAndOurAmongOthersAccepted() async throws {
        try await withVerifier { issuer, verifier, _, _ in
            await expectRefused(.audience, try await issuer.idToken(audience: ["another-app"]), by: verifier)
            let shared = try await issuer.idToken(audience: ["another-app", issuer.audience])
            _ = try await verifier.verify(idToken: shared, provider: "test", nonce: nil)
        }
    }

    @Test func expiryAllowsSixtySecondsOfSkew() async throws {
        try await withVerifier { issuer, verifier, _, _ in
            let earlier = issuer.date(secondsFromNow: -600)
            await expectRefused(.expired, try await issuer.idToken(issuedAt: earlier, expiresAt: issuer.date(secondsFromNow: -61)), by: verifier)
            let justExpired = try await issuer.idToken(issuedAt: earlier, expiresAt: issuer.date(secondsFromNow: -30))
            _ = try await verifier.verify(idToken: justExpired, provider: "test", nonce: nil)
        }
    }

    @Test func tokenIssuedInTheFutureIsRefusedBeyondTheSkew() async throws {
        try await withVerifier { issuer, verifier, _, _ in
            let later = issuer.date(secondsFromNow: 900)
            await expectRefused(.issuedInFuture, try await issuer.idToken(issuedAt: issuer.date(secondsFromNow: 61), expiresAt: later), by: verifier)
            let slightlyAhead = try await issuer.idToken(issuedAt: issuer.date(secondsFromNow: 30), expiresAt: later)
            _ = try await verifier.verify(idToken: slightlyAhead, provider: "test", nonce: nil)
        }
    }

    @Test func expiryIsJudgedByTheInjectedClock() async throws {
        try await withVerifier { issuer, verifier, clock, _ in
            let token = try await issuer.idToken(expiresAt: issuer.date(secondsFromNow: 120))
            _ = try await verifier.verify(idToken: token, provider: "test", nonce: nil)
            clock.advance(byMillis: 181_000)
            await expectRefused(.expired, token, by: verifier)
        }
    }

    @Test func nonceMustMatchWhenTheTokenCarriesOne() async throws {
        try await withVerifier { issuer, verifier, _, _ in
            let token = try await issuer.idToken(nonce: "expected-nonce")
            await expectRefused(.nonce, token, by: verifier, nonce: "other-nonce")
            await expectRefused(.nonce, token, by: verifier, nonce: nil)
            _ = try await verifier.verify(idToken: token, provider: "test", nonce: "expected-nonce")
            // A provider that put no nonce in the token: the request's is not checked.
            _ = try await verifier.verify(idToken: try await issuer.idToken(nonce: nil), provider: "test", nonce: "any")
        }
    }

    @Test func missingOrEmptySubjectIsRefused() async throws {
        try await withVerifier { issuer, verifier, _, _ in
            await expectRefused(.subject, try await issuer.idToken(subject: nil), by: verifier)
            await expectRefused(.subject, try await issuer.idToken(subject: ""), by: verifier)
        }
    }

    @Test func algNoneAndHS256AreRefusedBeforeAnyKeyIsFetched() async throws {
        try await withVerifier { issuer, verifier, _, _ in
            await expectRefused(.algorithm, try await issuer.idToken(signing: .unsigned), by: verifier)
            await expectRefused(.algorithm, try await issuer.idToken(signing: .hmac), by: verifier)
            await expectRefused(.algorithm, try await issuer.idToken(kid: issuer.rsaKid, signing: .hmac), by: verifier)
            #expect(issuer.keyFetches == 0)
        }
    }

    @Test func es256HeaderNamingAnRSAKeyIsRefused() async throws {
        try await withVerifier { issuer, verifier, _, _ in
            await expectRefused(.algorithm, try await issuer.idToken(kid: issuer.rsaKid, signing: .impostor), by: verifier)
        }
    }

    @Test func unknownProviderIsRefusedWithoutItsNameInTheLog() async throws {
        try await withVerifier { issuer, verifier, _, log in
            await expectRefused(.unknownProvider, try await issuer.idToken(), by: verifier, provider: "evil\nprovider")
            #expect(issuer.keyFetches == 0)
            #expect(log.all.contains { $0.contains(IDTokenRejection.Check.unknownProvider.rawValue) })
            #expect(!log.all.contains { $0.contains("evil") })
        }
    }

    @Test func malformedTokensAreRefused() async throws {
        try await withVerifier { issuer, verifier, _, _ in
            // The last: a header that is base64url but not JSON ("not json").
            let tokens = ["", "abc", "a.b", "a.b.c.d", "!!!.e30.", String(repeating: "a", count: 20_000) + ".e30.x", "bm90IGpzb24.e30.x"]
            for token in tokens {
                await expectRefused(.malformed, token, by: verifier)
            }
            #expect(issuer.keyFetches == 0)
        }
    }

    @Test func theLogNamesTheCheckAndNeverHoldsTheToken() async throws {
        try await withVerifier { issuer, verifier, _, log in
            let expired = try await issuer.idToken(issuedAt: issuer.date(secondsFromNow: -900), expiresAt: issuer.date(secondsFromNow: -600))
            await expectRefused(.expired, expired, by: verifier)
            let good = try await issuer.idToken(nonce: "secret-nonce")
            _ = try await verifier.verify(idToken: good, provider: "test", nonce: "secret-nonce")
            let lines = log.all
            #expect(lines.contains { $0.contains("provider=test") && $0.contains("check=expired") })
            for token in [expired, good] {
                let parts = token.split(separator: ".")
                #expect(!lines.contains { line in parts.contains { line.contains($0) } })
            }
            #expect(!lines.contains { $0.contains("secret-nonce") })
        }
    }

    @Test func googleTokensCarryEitherOfItsTwoIssuers() async throws {
        try await withVerifier(providers: { issuer in
            var google = OIDCProvider.google(audience: issuer.audience)
            google.keysURL = issuer.keysURL
            return [google]
        }) { issuer, verifier, _, _ in
            for iss in ["https://accounts.google.com", "accounts.google.com"] {
                let identity = try await verifier.verify(idToken: try await issuer.idToken(issuer: iss), provider: "google", nonce: nil)
                #expect(identity.issuer == iss)
                #expect(identity.provider == "google")
            }
            await expectRefused(.issuer, try await issuer.idToken(issuer: "https://accounts.google.com.evil.example"), by: verifier, provider: "google")
        }
    }

    @Test func aRotatedKeyIsPickedUpOnItsUnknownKid() async throws {
        try await withVerifier { issuer, verifier, clock, _ in
            _ = try await verifier.verify(idToken: try await issuer.idToken(), provider: "test", nonce: nil)
            let newKid = try await issuer.addKey(.rs256)
            // Within a minute of the last fetch, the provider is not asked again.
            clock.advance(byMillis: 30_000)
            await expectRefused(.unknownKey, try await issuer.idToken(kid: newKid), by: verifier)
            #expect(issuer.keyFetches == 1)
            clock.advance(byMillis: 30_000)
            let identity = try await verifier.verify(idToken: try await issuer.idToken(subject: "rotated", kid: newKid), provider: "test", nonce: nil)
            #expect(identity.subject == "rotated")
            #expect(issuer.keyFetches == 2)
        }
    }

    @Test func aFloodOfUnknownKidsFetchesAtMostOnceAMinute() async throws {
        try await withVerifier { issuer, verifier, clock, _ in
            _ = try await verifier.verify(idToken: try await issuer.idToken(), provider: "test", nonce: nil)
            var flood: [String] = []
            for index in 0..<50 { flood.append(try await issuer.idToken(kid: "made-up-\(index)", signing: .impostor)) }
            for minute in 0..<3 {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for token in flood {
                        group.addTask { await expectRefused(.unknownKey, token, by: verifier) }
                    }
                    try await group.waitForAll()
                }
                #expect(issuer.keyFetches == 1 + minute)
                clock.advance(byMillis: 60_000)
            }
        }
    }

    @Test func concurrentMissesShareOneFetch() async throws {
        try await withVerifier { issuer, verifier, _, _ in
            issuer.setKeysDelay(.milliseconds(300))
            var tokens: [String] = []
            for index in 0..<20 { tokens.append(try await issuer.idToken(subject: "user-\(index)")) }
            try await withThrowingTaskGroup(of: String.self) { group in
                for token in tokens {
                    group.addTask { try await verifier.verify(idToken: token, provider: "test", nonce: nil).subject }
                }
                var subjects: Set<String> = []
                for try await subject in group { subjects.insert(subject) }
                #expect(subjects.count == 20)
            }
            #expect(issuer.keyFetches == 1)
        }
    }

    @Test func unavailableKeysAreRefusedAndRetriedAfterTenSeconds() async throws {
        try await withVerifier { issuer, verifier, clock, log in
            issuer.setKeysStatus(.internalServerError)
            let token = try await issuer.idToken(expiresAt: issuer.date(secondsFromNow: 3600))
            await expectRefused(.keysUnavailable, token, by: verifier)
            #expect(log.all.contains { $0.contains("HTTP 500") && $0.contains(issuer.keysURL) })
            issuer.setKeysStatus(.ok)
            clock.advance(byMillis: 5_000)
            await expectRefused(.keysUnavailable, token, by: verifier)
            #expect(issuer.keyFetches == 1)
            clock.advance(byMillis: 5_000)
            _ = try await verifier.verify(idToken: token, provider: "test", nonce: nil)
            #expect(issuer.keyFetches == 2)
        }
    }

    @Test func anOversizedKeySetIsNotRead() async throws {
        try await withVerifier { issuer, verifier, _, log in
            issuer.setOversizedKeys(true)
            await expectRefused(.keysUnavailable, try await issuer.idToken(), by: verifier)
            #expect(log.all.contains { $0.contains("larger than 262144 bytes") })
        }
    }

    @Test func aWithdrawnKeyStopsBeingTrustedOnceTheKeysAreOld() async throws {
        try await withVerifier { issuer, verifier, clock, _ in
            _ = try await verifier.verify(idToken: try await issuer.idToken(), provider: "test", nonce: nil)
            issuer.unpublishKey(issuer.ecKid)
            clock.advance(byMillis: 3_600_000)
            await expectRefused(.unknownKey, try await issuer.idToken(), by: verifier)
            #expect(issuer.keyFetches == 2)
            _ = try await verifier.verify(idToken: try await issuer.idToken(kid: issuer.rsaKid), provider: "test", nonce: nil)
        }
    }
}
