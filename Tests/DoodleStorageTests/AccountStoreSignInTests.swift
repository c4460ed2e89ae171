import DoodleCore
import DoodleStorage
import Testing

@Suite("Accounts: sign-in, registration and deletion")
struct AccountStoreSignInTests {
    static let start = StorageFixtures.start

    static func apple(_ subject: String, email: String? = nil) -> ExternalIdentity {
        ExternalIdentity(provider: "apple", issuer: "https://appleid.apple.com", subject: subject, email: email)
    }

    static func google(_ subject: String, email: String? = nil) -> ExternalIdentity {
        ExternalIdentity(provider: "google", issuer: "https://accounts.google.com", subject: subject, email: email)
    }

    static func device(_ name: String) -> NewDevice { AccountStoreTests.device(name) }

    @Test("sign-in: a new identity without a player makes one; with a player links to it; a linked one signs in as its player", arguments: Backend.allCases)
    func signInBranches(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            let accounts = storage.accounts
            // No player named: a new one, created as a first hello creates a player.
            let created = try await accounts.signIn(
                identity: Self.apple("001", email: "ada@example.com"), currentPlayer: nil, newPlayer: NewPlayer(id: "p_ada", name: "Ada"),
                device: Self.device("ada-phone"), at: Self.start)
            #expect(
                created
                    == AccountSignIn(
                        playerId: "p_ada", name: "Ada", created: true, identities: [AccountIdentity(provider: "apple", email: "ada@example.com")]))
            let ada = try #require(try await storage.playerStore.player(tokenHash: "token-hash-ada-phone"))
            #expect(ada == PlayerProfile(playerId: "p_ada", name: "Ada", score: 0, games: 0, wins: 0, createdAt: Self.start, lastSeenAt: Self.start))

            // The same identity on another device: the same player, a second device.
            let again = try await accounts.signIn(
                identity: Self.apple("001"), currentPlayer: nil, newPlayer: NewPlayer(id: "p_unused", name: "Unused"),
                device: Self.device("ada-laptop"), at: Self.start + 10)
            #expect(again.playerId == "p_ada" && again.name == "Ada" && !again.created)
            #expect(again.identities == [AccountIdentity(provider: "apple", email: "ada@example.com")], "a token without an email keeps the known one")
            #expect(try await accounts.devices(of: "p_ada").map(\.id) == ["d_ada-phone", "d_ada-laptop"])
            #expect(try await storage.playerStore.player(id: "p_unused") == nil)

            // An anonymous player links a new identity: the same player, which keeps the one device it has.
            try await AccountStoreTests.hello(storage, "p_bob", name: "Bob", tokenHash: "token-hash-bob")
            let linked = try await accounts.signIn(
                identity: Self.google("bob-1", email: "bob@example.com"), currentPlayer: "p_bob", newPlayer: NewPlayer(id: "p_unused", name: "Unused"),
                device: Self.device("bob-tablet"), at: Self.start + 20)
            #expect(
                linked
                    == AccountSignIn(
                        playerId: "p_bob", name: "Bob", created: false, identities: [AccountIdentity(provider: "google", email: "bob@example.com")]))
            #expect(try await accounts.devices(of: "p_bob").count == 1)

            // An identity already linked wins over the player named: Bob signs in as Ada.
            let asAda = try await accounts.signIn(
                identity: Self.apple("001", email: "ada@new.example"), currentPlayer: "p_bob", newPlayer: NewPlayer(id: "p_unused", name: "Unused"),
                device: Self.device("shared"), at: Self.start + 30)
            #expect(asAda.playerId == "p_ada" && !asAda.created)
            #expect(asAda.identities == [AccountIdentity(provider: "apple", email: "ada@new.example")])
            #expect(try await accounts.identities(of: "p_bob") == [AccountIdentity(provider: "google", email: "bob@example.com")])
            #expect(try await storage.playerStore.player(id: "p_unused") == nil)
            #expect(try await sql.count("player") == 2)
        }
    }

    @Test("sign-in naming a player that does not exist is refused and stores nothing", arguments: Backend.allCases)
    func signInForNoPlayer(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { (storage, sql) async throws in
            await #expect(throws: AccountStoreError.noSuchPlayer) {
                try await storage.accounts.signIn(
                    identity: Self.apple("001"), currentPlayer: "p_gone", newPlayer: NewPlayer(id: "p_new", name: "New"),
                    device: Self.device("phone"), at: Self.start)
            }
            for table in ["player", "device", "account_identity"] {
                #expect(try await sql.count(table) == 0, "\(table)")
            }
        }
    }

    @Test("eight sign-ins at once with one new identity all end on one player", arguments: Backend.allCases)
    func concurrentSignIns(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            let accounts = storage.accounts
            let results = try await withThrowingTaskGroup(of: AccountSignIn.self) { group in
                for index in 0..<8 {
                    group.addTask {
                        try await accounts.signIn(
                            identity: Self.apple("001"), currentPlayer: nil, newPlayer: NewPlayer(id: "p_\(index)", name: "Player \(index)"),
                            device: Self.device("phone-\(index)"), at: Self.start + Int64(index))
                    }
                }
                return try await group.reduce(into: [AccountSignIn]()) { $0.append($1) }
            }
            #expect(Set(results.map(\.playerId)).count == 1)
            #expect(results.filter(\.created).count == 1)
            #expect(try await sql.count("player") == 1)
            #expect(try await sql.count("account_identity") == 1)
            let player = try #require(results.first?.playerId)
            #expect(try await accounts.devices(of: player).count == 8)
        }
    }

    @Test("register: a new player or the current one; an address taken is refused whoever asks; logins and identities list it", arguments: Backend.allCases)
    func register(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            let accounts = storage.accounts
            let ada = try await accounts.register(
                email: "ada@example.com", passwordHash: "$2b$12$ada", currentPlayer: nil, newPlayer: NewPlayer(id: "p_ada", name: "Ada"),
                device: Self.device("ada-phone"), at: Self.start)
            #expect(ada == AccountSignIn(playerId: "p_ada", name: "Ada", created: true, identities: [AccountIdentity(provider: "email", email: "ada@example.com")]))
            #expect(try await accounts.passwordLogin(email: "ada@example.com") == PasswordLogin(playerId: "p_ada", passwordHash: "$2b$12$ada"))
            #expect(try await accounts.passwordLogin(email: "nobody@example.com") == nil)
            #expect(try await storage.playerStore.player(tokenHash: "token-hash-ada-phone")?.createdAt == Self.start)

            try await AccountStoreTests.hello(storage, "p_bob", name: "Bob", tokenHash: "token-hash-bob")
            await #expect(throws: AccountStoreError.emailTaken) {
                try await accounts.register(
                    email: "ada@example.com", passwordHash: "$2b$12$bob", currentPlayer: "p_bob", newPlayer: NewPlayer(id: "p_unused", name: "Unused"),
                    device: Self.device("bob-2"), at: Self.start + 1)
            }
            await #expect(throws: AccountStoreError.emailTaken) {
                try await accounts.register(
                    email: "ada@example.com", passwordHash: "$2b$12$new", currentPlayer: nil, newPlayer: NewPlayer(id: "p_unused", name: "Unused"),
                    device: Self.device("new"), at: Self.start + 1)
            }
            await #expect(throws: AccountStoreError.noSuchPlayer) {
                try await accounts.register(
                    email: "gone@example.com", passwordHash: "$2b$12$gone", currentPlayer: "p_gone", newPlayer: NewPlayer(id: "p_unused", name: "Unused"),
                    device: Self.device("gone"), at: Self.start + 1)
            }
            #expect(try await sql.count("player") == 2)
            #expect(try await accounts.passwordLogin(email: "ada@example.com")?.passwordHash == "$2b$12$ada")
            #expect(try await accounts.passwordLogin(email: "gone@example.com") == nil)

            // Bob links an identity, then an address: both listed, oldest first.
            _ = try await accounts.signIn(
                identity: Self.google("bob-1", email: nil), currentPlayer: "p_bob", newPlayer: NewPlayer(id: "p_unused", name: "Unused"),
                device: Self.device("bob-tablet"), at: Self.start + 2)
            let bob = try await accounts.register(
                email: "bob@example.com", passwordHash: "$2b$12$bob", currentPlayer: "p_bob", newPlayer: NewPlayer(id: "p_unused", name: "Unused"),
                device: Self.device("bob-laptop"), at: Self.start + 3)
            let bobsIdentities = [AccountIdentity(provider: "google", email: nil), AccountIdentity(provider: "email", email: "bob@example.com")]
            #expect(bob == AccountSignIn(playerId: "p_bob", name: "Bob", created: false, identities: bobsIdentities))
            #expect(try await accounts.identities(of: "p_bob") == bobsIdentities)
            #expect(try await accounts.devices(of: "p_bob").count == 1, "linking to itself adds no device")
            #expect(try await accounts.identities(of: "p_nobody").isEmpty)
        }
    }

    @Test("eight registrations of one address at once: one succeeds, the others are told it is taken", arguments: Backend.allCases)
    func concurrentRegistrations(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { (storage, sql) async throws in
            let accounts = storage.accounts
            let outcomes = await withTaskGroup(of: Result<AccountSignIn, AccountStoreError>.self) { group in
                for index in 0..<8 {
                    group.addTask {
                        do {
                            return .success(
                                try await accounts.register(
                                    email: "ada@example.com", passwordHash: "hash-\(index)", currentPlayer: nil,
                                    newPlayer: NewPlayer(id: "p_\(index)", name: "Player \(index)"), device: Self.device("phone-\(index)"),
                                    at: Self.start))
                        } catch let error as AccountStoreError {
                            return .failure(error)
                        } catch {
                            Issue.record(error)
                            return .failure(.noSuchPlayer)
                        }
                    }
                }
                return await group.reduce(into: [Result<AccountSignIn, AccountStoreError>]()) { $0.append($1) }
            }
            let winners = outcomes.compactMap { try? $0.get() }
            #expect(winners.count == 1)
            #expect(outcomes.filter { if case .failure(.emailTaken) = $0 { true } else { false } }.count == 7)
            #expect(try await sql.count("player") == 1)
            #expect(try await accounts.passwordLogin(email: "ada@example.com")?.playerId == winners.first?.playerId)
        }
    }

    @Test("deleting a player removes its devices, identities, logins, their failures and link codes; the identity then makes a new player", arguments: Backend.allCases)
    func deleteRemovesAccounts(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            let accounts = storage.accounts
            _ = try await accounts.signIn(
                identity: Self.apple("001"), currentPlayer: nil, newPlayer: NewPlayer(id: "p_ada", name: "Ada"), device: Self.device("ada-phone"),
                at: Self.start)
            _ = try await accounts.register(
                email: "ada@example.com", passwordHash: "$2b$12$ada", currentPlayer: "p_ada", newPlayer: NewPlayer(id: "p_unused", name: "Unused"),
                device: Self.device("ada-laptop"), at: Self.start + 1)
            try await accounts.createLinkCode(codeHash: "code-ada", playerId: "p_ada", expiresAt: Self.start + 600_000, now: Self.start)
            try await accounts.recordLoginFailure(email: "ada@example.com", at: Self.start + 2, window: 900_000)
            // Bob's rows stay.
            _ = try await accounts.register(
                email: "bob@example.com", passwordHash: "$2b$12$bob", currentPlayer: nil, newPlayer: NewPlayer(id: "p_bob", name: "Bob"),
                device: Self.device("bob-phone"), at: Self.start)
            try await accounts.recordLoginFailure(email: "bob@example.com", at: Self.start + 2, window: 900_000)
            try await accounts.createLinkCode(codeHash: "code-bob", playerId: "p_bob", expiresAt: Self.start + 600_000, now: Self.start)

            #expect(try await storage.playerStore.delete(playerId: "p_ada", at: Self.start + 3))
            for (table, left) in [("device", 1), ("account_identity", 0), ("password_login", 1), ("login_failure", 1), ("link_code", 1)] {
                #expect(try await sql.count(table) == left, "\(table)")
            }
            #expect(try await storage.playerStore.player(tokenHash: "token-hash-ada-laptop") == nil)
            #expect(try await accounts.passwordLogin(email: "ada@example.com") == nil)
            #expect(try await accounts.redeemLinkCode(codeHash: "code-ada", device: Self.device("late"), at: Self.start + 4) == nil)

            let anew = try await accounts.signIn(
                identity: Self.apple("001"), currentPlayer: nil, newPlayer: NewPlayer(id: "p_ada2", name: "Ada again"),
                device: Self.device("ada-new"), at: Self.start + 5)
            #expect(anew == AccountSignIn(playerId: "p_ada2", name: "Ada again", created: true, identities: [AccountIdentity(provider: "apple", email: nil)]))
            #expect(try await accounts.passwordLogin(email: "bob@example.com")?.playerId == "p_bob")
        }
    }
}
