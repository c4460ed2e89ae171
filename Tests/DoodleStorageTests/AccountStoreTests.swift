import DoodleCore
import DoodleStorage
import Testing

@Suite("Accounts: devices, link codes and failed logins")
struct AccountStoreTests {
    static let start = StorageFixtures.start
    static let minute: Int64 = 60_000

    /// A device about to be made, its id, token hash and label all derived from `name`.
    static func device(_ name: String) -> NewDevice {
        NewDevice(id: "d_\(name)", tokenHash: "token-hash-\(name)", label: name)
    }

    /// A new player's first `hello`, saved straight to the store: the player and its first device.
    static func hello(_ storage: Storage, _ id: PlayerID, name: String, tokenHash: String, at time: Int64 = start) async throws {
        try await storage.playerStore.saveSession(PlayerSession(playerId: id, name: name, tokenHash: tokenHash, at: time, newDeviceLabel: "Phone"))
    }

    @Test("a first hello makes the first device; more are added, listed oldest first, found by token, and removed", arguments: Backend.allCases)
    func devices(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            let accounts = storage.accounts
            try await Self.hello(storage, "p_ada", name: "Ada", tokenHash: "token-hash-first")
            let first = try #require(try await accounts.device(tokenHash: "token-hash-first"))
            #expect(first.playerId == "p_ada" && first.label == "Phone" && first.createdAt == Self.start && first.lastSeenAt == Self.start)
            #expect(first.id.hasPrefix("d_") && first.id.count == 18)

            let laptop = try await accounts.addDevice(Self.device("laptop"), playerId: "p_ada", at: Self.start + 10)
            #expect(laptop == DeviceRecord(id: "d_laptop", playerId: "p_ada", label: "laptop", createdAt: Self.start + 10, lastSeenAt: Self.start + 10))
            _ = try await accounts.addDevice(Self.device("tablet"), playerId: "p_ada", at: Self.start + 20)
            #expect(try await accounts.devices(of: "p_ada").map(\.id) == [first.id, "d_laptop", "d_tablet"])
            #expect(try await accounts.device(tokenHash: "token-hash-laptop") == laptop)
            #expect(try await storage.playerStore.player(tokenHash: "token-hash-laptop")?.name == "Ada")

            // Another player cannot remove Ada's device, nor can an unknown id be removed.
            try await Self.hello(storage, "p_bob", name: "Bob", tokenHash: "token-hash-bob")
            #expect(try await accounts.removeDevice(id: "d_laptop", of: "p_bob") == nil)
            #expect(try await accounts.removeDevice(id: "d_unknown", of: "p_ada") == nil)
            #expect(try await accounts.removeDevice(id: "d_laptop", of: "p_ada") == "token-hash-laptop")
            #expect(try await accounts.removeDevice(id: "d_laptop", of: "p_ada") == nil, "removed once")
            #expect(try await accounts.devices(of: "p_ada").map(\.id) == [first.id, "d_tablet"])
            #expect(try await accounts.device(tokenHash: "token-hash-laptop") == nil)
            #expect(try await storage.playerStore.player(tokenHash: "token-hash-laptop") == nil, "a removed device's token finds no one")
            #expect(try await storage.playerStore.player(tokenHash: "token-hash-tablet")?.playerId == "p_ada")
            #expect(try await accounts.devices(of: "p_nobody").isEmpty)
        }
    }

    @Test("a device for a player that does not exist, or was deleted, is refused and stores nothing", arguments: Backend.allCases)
    func deviceForNoPlayer(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            let accounts = storage.accounts
            await #expect(throws: AccountStoreError.noSuchPlayer) {
                try await accounts.addDevice(Self.device("ghost"), playerId: "p_ghost", at: Self.start)
            }
            try await Self.hello(storage, "p_ada", name: "Ada", tokenHash: "token-hash-ada")
            #expect(try await storage.playerStore.delete(playerId: "p_ada", at: Self.start + 1))
            await #expect(throws: AccountStoreError.noSuchPlayer) {
                try await accounts.addDevice(Self.device("late"), playerId: "p_ada", at: Self.start + 2)
            }
            #expect(try await sql.count("device") == 0)
        }
    }

    @Test("a save of a known token marks its device seen, never earlier; after the device is removed it does not come back", arguments: Backend.allCases)
    func sessionsTouchOnlyTheirDevice(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            let accounts = storage.accounts
            let players = storage.playerStore
            try await Self.hello(storage, "p_ada", name: "Ada", tokenHash: "token-hash-first")
            let laptop = try await accounts.addDevice(Self.device("laptop"), playerId: "p_ada", at: Self.start + 10)
            try await players.saveSession(PlayerSession(playerId: "p_ada", name: "Ada", tokenHash: "token-hash-laptop", at: Self.start + 50))
            try await players.saveSession(PlayerSession(playerId: "p_ada", name: "Ada", tokenHash: "token-hash-laptop", at: Self.start + 30))
            #expect(try await accounts.device(tokenHash: "token-hash-laptop")?.lastSeenAt == Self.start + 50)
            #expect(try await accounts.device(tokenHash: "token-hash-first")?.lastSeenAt == Self.start, "only the token's own device")
            #expect(try await players.player(id: "p_ada")?.lastSeenAt == Self.start + 50)

            // A save of another player naming this token changes no one's device.
            try await Self.hello(storage, "p_bob", name: "Bob", tokenHash: "token-hash-bob")
            try await players.saveSession(PlayerSession(playerId: "p_bob", name: "Bob", tokenHash: "token-hash-laptop", at: Self.start + 90))
            #expect(try await accounts.device(tokenHash: "token-hash-laptop")?.lastSeenAt == Self.start + 50)

            // The save of a hello still in flight when the laptop was removed.
            #expect(try await accounts.removeDevice(id: laptop.id, of: "p_ada") == "token-hash-laptop")
            try await players.saveSession(PlayerSession(playerId: "p_ada", name: "Ada", tokenHash: "token-hash-laptop", at: Self.start + 60))
            #expect(try await accounts.device(tokenHash: "token-hash-laptop") == nil)
            #expect(try await players.player(tokenHash: "token-hash-laptop") == nil)
            #expect(try await sql.count("device") == 2)

            // A first save retried after it was stored makes no second device.
            try await players.saveSession(
                PlayerSession(playerId: "p_bob", name: "Bob", tokenHash: "token-hash-bob", at: Self.start + 100, newDeviceLabel: "Phone"))
            #expect(try await accounts.devices(of: "p_bob").count == 1)
        }
    }

    @Test("a link code works once, only before it expires, and expired codes go when the next is made", arguments: Backend.allCases)
    func linkCodes(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            let accounts = storage.accounts
            try await Self.hello(storage, "p_ada", name: "Ada", tokenHash: "token-hash-ada")
            let expiry = Self.start + 10 * Self.minute
            try await accounts.createLinkCode(codeHash: "code-1", playerId: "p_ada", expiresAt: expiry, now: Self.start)
            try await accounts.createLinkCode(codeHash: "code-2", playerId: "p_ada", expiresAt: expiry, now: Self.start)

            let redeemed = try #require(try await accounts.redeemLinkCode(codeHash: "code-1", device: Self.device("tablet"), at: Self.start + 5))
            #expect(redeemed.playerId == "p_ada" && redeemed.name == "Ada")
            #expect(try await storage.playerStore.player(tokenHash: "token-hash-tablet")?.playerId == "p_ada")
            #expect(try await accounts.device(tokenHash: "token-hash-tablet")?.createdAt == Self.start + 5)
            #expect(try await accounts.redeemLinkCode(codeHash: "code-1", device: Self.device("again"), at: Self.start + 6) == nil, "spent")
            #expect(try await accounts.redeemLinkCode(codeHash: "code-unknown", device: Self.device("again"), at: Self.start + 6) == nil)
            #expect(try await accounts.redeemLinkCode(codeHash: "code-2", device: Self.device("late"), at: expiry) == nil, "expired")
            #expect(try await accounts.device(tokenHash: "token-hash-again") == nil)
            #expect(try await accounts.device(tokenHash: "token-hash-late") == nil)

            #expect(try await sql.count("link_code") == 1, "an expired code stays until the next is made")
            try await accounts.createLinkCode(codeHash: "code-3", playerId: "p_ada", expiresAt: expiry + 20 * Self.minute, now: expiry + Self.minute)
            #expect(try await sql.count("link_code") == 1)
            #expect(try await accounts.redeemLinkCode(codeHash: "code-3", device: Self.device("phone2"), at: expiry + 2 * Self.minute) != nil)

            await #expect(throws: AccountStoreError.noSuchPlayer) {
                try await accounts.createLinkCode(codeHash: "code-4", playerId: "p_ghost", expiresAt: expiry, now: Self.start)
            }
        }
    }

    @Test("two redemptions of one code at once: one device is added, the other gets nil", arguments: Backend.allCases)
    func concurrentRedemptions(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            let accounts = storage.accounts
            try await Self.hello(storage, "p_ada", name: "Ada", tokenHash: "token-hash-ada")
            try await accounts.createLinkCode(codeHash: "code", playerId: "p_ada", expiresAt: Self.start + Self.minute, now: Self.start)
            let redeemed = try await withThrowingTaskGroup(of: PlayerID?.self) { group in
                for index in 0..<8 {
                    group.addTask { try await accounts.redeemLinkCode(codeHash: "code", device: Self.device("d\(index)"), at: Self.start + 1)?.playerId }
                }
                return try await group.reduce(into: [PlayerID]()) { players, player in
                    if let player { players.append(player) }
                }
            }
            #expect(redeemed == ["p_ada"])
            #expect(try await accounts.devices(of: "p_ada").count == 2)
        }
    }

    @Test("failed logins count per address within the window; recording forgets old ones; clearing forgets the address's", arguments: Backend.allCases)
    func loginFailures(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            let accounts = storage.accounts
            let window = 15 * Self.minute
            #expect(try await accounts.loginFailures(email: "ada@example.com", now: Self.start, window: window) == LoginFailures(count: 0, oldestAt: nil))
            for offset: Int64 in [0, 1, 2] {
                try await accounts.recordLoginFailure(email: "ada@example.com", at: Self.start + offset * Self.minute, window: window)
            }
            try await accounts.recordLoginFailure(email: "bob@example.com", at: Self.start + Self.minute, window: window)
            #expect(
                try await accounts.loginFailures(email: "ada@example.com", now: Self.start + 5 * Self.minute, window: window)
                    == LoginFailures(count: 3, oldestAt: Self.start))
            // Exactly a window after the first, it no longer counts.
            #expect(
                try await accounts.loginFailures(email: "ada@example.com", now: Self.start + window, window: window)
                    == LoginFailures(count: 2, oldestAt: Self.start + Self.minute))
            #expect(try await accounts.loginFailures(email: "ada@example.com", now: Self.start + 2 * Self.minute + window, window: window).count == 0)

            // A failure recorded a window later forgets every address's older ones.
            try await accounts.recordLoginFailure(email: "cy@example.com", at: Self.start + Self.minute + window, window: window)
            #expect(try await sql.count("login_failure") == 2, "Ada's at +2 min and Cy's remain")

            try await accounts.recordLoginFailure(email: "bob@example.com", at: Self.start + window + 2 * Self.minute, window: window)
            try await accounts.clearLoginFailures(email: "ada@example.com")
            #expect(try await accounts.loginFailures(email: "ada@example.com", now: Self.start + window + 2 * Self.minute, window: window).count == 0)
            #expect(try await accounts.loginFailures(email: "bob@example.com", now: Self.start + window + 2 * Self.minute, window: window).count == 1)
        }
    }

    @Test("the widget's head is found through any of the player's devices", arguments: Backend.allCases)
    func latestReceivedHeadThroughASecondDevice(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            try await Self.hello(storage, "p_ada", name: "Ada", tokenHash: "token-hash-ada")
            try await Self.hello(storage, "p_bob", name: "Bob", tokenHash: "token-hash-bob")
            _ = try await storage.accounts.addDevice(Self.device("bobs-tablet"), playerId: "p_bob", at: Self.start + 1)
            let pairs = storage.pairRepository()
            try await PairReaderTests.form(pairs, "pr_1", owner: "p_ada", joiner: "p_bob", code: "ADACDE")
            try await PairReaderTests.send(pairs, "d_1", in: "pr_1", from: "p_ada", to: "p_bob", at: 10)
            let reader = storage.pairReader
            let throughTablet = try #require(try await reader.latestReceivedHead(tokenHash: "token-hash-bobs-tablet"))
            #expect(throughTablet.playerId == "p_bob" && throughTablet.head?.drawingId == "d_1" && throughTablet.head?.sentAt == Self.start + 10)
            let throughPhone = try #require(try await reader.latestReceivedHead(tokenHash: "token-hash-bob"))
            #expect(throughPhone.playerId == "p_bob" && throughPhone.head?.drawingId == "d_1")
            _ = try await storage.accounts.removeDevice(id: "d_bobs-tablet", of: "p_bob")
            #expect(try await reader.latestReceivedHead(tokenHash: "token-hash-bobs-tablet") == nil)
        }
    }
}
