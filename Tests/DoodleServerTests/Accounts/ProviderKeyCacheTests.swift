import Testing

@testable import DoodleServer

/// The refetch schedule as a value: key sets are plain sets of `kid`s here.
@Suite struct ProviderKeyCacheTests {
    private typealias Cache = ProviderKeyCache<Set<String>>

    private func lookup(_ cache: inout Cache, _ kid: String, at now: Int64) -> Cache.Action {
        cache.lookup(now: now) { $0.contains(kid) }
    }

    @Test func theFirstLookupFetchesAndOthersWaitForIt() {
        var cache = Cache(policy: .init())
        #expect(lookup(&cache, "a", at: 0) == .fetch)
        #expect(lookup(&cache, "a", at: 1) == .wait)
        cache.fetched(["a"], now: 2)
        #expect(lookup(&cache, "a", at: 2) == .use(["a"]))
    }

    @Test func anUnknownKidFetchesAgainOnlyAfterAMinute() {
        var cache = Cache(policy: .init())
        _ = lookup(&cache, "a", at: 0)
        cache.fetched(["a"], now: 0)
        #expect(lookup(&cache, "b", at: 59_999) == .refuse(.unknownKey))
        #expect(lookup(&cache, "a", at: 59_999) == .use(["a"]))
        #expect(lookup(&cache, "b", at: 60_000) == .fetch)
        // While that fetch runs, known keys still serve.
        #expect(lookup(&cache, "a", at: 60_001) == .use(["a"]))
        cache.fetched(["a", "b"], now: 60_002)
        #expect(lookup(&cache, "b", at: 60_002) == .use(["a", "b"]))
    }

    @Test func afterAFailureTheRetryComesSoonerAndNoKeysMeansUnavailable() {
        var cache = Cache(policy: .init())
        _ = lookup(&cache, "a", at: 0)
        cache.fetchFailed(now: 0)
        #expect(lookup(&cache, "a", at: 9_999) == .refuse(.keysUnavailable))
        #expect(lookup(&cache, "a", at: 10_000) == .fetch)
    }

    @Test func oldKeysAreFetchedAgainAndKeptWhenThatFails() {
        var cache = Cache(policy: .init())
        _ = lookup(&cache, "a", at: 0)
        cache.fetched(["a"], now: 0)
        #expect(lookup(&cache, "a", at: 3_600_000) == .fetch)
        cache.fetchFailed(now: 3_600_000)
        #expect(lookup(&cache, "a", at: 3_600_001) == .use(["a"]))
        #expect(lookup(&cache, "a", at: 3_610_000) == .fetch)
        cache.fetched(["b"], now: 3_610_000)
        #expect(lookup(&cache, "a", at: 3_610_000) == .refuse(.unknownKey))
    }
}
