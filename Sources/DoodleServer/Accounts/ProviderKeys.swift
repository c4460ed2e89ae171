import Foundation
import Logging

/// One provider's signing keys: fetched on first use, cached in memory, fetched again on an
/// unknown `kid` (at most once a minute) or when old (`ProviderKeyCache` decides which).
///
/// Concurrent misses share one fetch: the first caller fetches in its own task, the others wait
/// for it and look again, so no task outlives the calls that need it.
actor ProviderKeys {
    let provider: OIDCProvider
    private let download: JWKSDownload
    private let clock: any GameClock
    private let logger: Logger
    private var cache: ProviderKeyCache<ProviderKeySet>
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(provider: OIDCProvider, download: JWKSDownload, clock: any GameClock, policy: ProviderKeyCache<ProviderKeySet>.Policy, logger: Logger) {
        self.provider = provider
        self.download = download
        self.clock = clock
        self.logger = logger
        self.cache = ProviderKeyCache(policy: policy)
    }

    /// The key set holding `kid`, fetching it when the cache says so.
    /// - Throws: `.unknownKey` when the provider does not publish `kid` (or may not be asked
    ///   again yet), `.keysUnavailable` when its keys could not be fetched.
    func keys(holding kid: String) async throws(IDTokenRejection) -> ProviderKeySet {
        while true {
            switch cache.lookup(now: clock.nowMillis(), holds: { $0.key(kid) != nil }) {
            case .use(let keys):
                return keys
            case .refuse(let check):
                throw IDTokenRejection(check: check)
            case .wait:
                await withCheckedContinuation { waiting.append($0) }
            case .fetch:
                await fetch()
            }
        }
    }

    private func fetch() async {
        do throws(KeyFetchError) {
            let keys = try await downloadKeys()
            cache.fetched(keys, now: clock.nowMillis())
            logger.debug("fetched a provider's keys", metadata: ["provider": "\(provider.name)", "kids": "\(keys.keys.keys.sorted())"])
        } catch {
            cache.fetchFailed(now: clock.nowMillis())
            logger.warning(
                "a provider's keys could not be fetched",
                metadata: ["provider": "\(provider.name)", "url": "\(provider.keysURL)", "error": "\(error)"])
        }
        let woken = waiting
        waiting.removeAll()
        for continuation in woken { continuation.resume() }
    }

    private func downloadKeys() async throws(KeyFetchError) -> ProviderKeySet {
        let json: Data
        do {
            json = try await download.fetch(provider.keysURL)
        } catch {
            throw .download(error)
        }
        do {
            return try await ProviderKeySet.decode(json, logger: logger)
        } catch {
            throw .keySet(error)
        }
    }

    private enum KeyFetchError: Error, CustomStringConvertible {
        case download(JWKSDownloadError)
        case keySet(ProviderKeySetError)

        var description: String {
            switch self {
            case .download(let error): "\(error)"
            case .keySet(.notAKeySet): "the answer is not a JWKS"
            case .keySet(.noUsableKey): "the JWKS has no RS256 or ES256 signing key"
            }
        }
    }
}
