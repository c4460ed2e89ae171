import DoodleCore
import DoodleStorage
import Testing

@Suite("Moderation: reports, bans and the audit log")
struct ModerationStoreTests {
    static let start = StorageFixtures.start
    static let hour: Int64 = 3_600_000

    static func draft(
        by reporter: PlayerID = "p_ada", about player: PlayerID? = "p_bob", drawing: String? = nil, reason: ReportReason = .offensive,
        text: String? = nil, context: ReportContext? = nil, at: Int64
    ) -> ReportDraft {
        ReportDraft(reporterId: reporter, playerId: player, drawingId: drawing, reason: reason, text: text, context: context, at: at)
    }

    @Test("a filed report reads back whole, context included, open and unresolved", arguments: Backend.allCases)
    func filingAndReading(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            let moderation = storage.moderation
            let context = ReportContext(roomCode: "K7PQ2M", drawingId: "d_1", chatLines: ["hello", "\"quoted\" / slashed ü"])
            let draft = Self.draft(drawing: "d_1", reason: .cheating, text: "typed the word", context: context, at: Self.start)
            let id = try #require(try await moderation.fileReport(draft, limit: 10))
            #expect(id.hasPrefix("r_") && id.count == 18)
            let stored = try #require(try await moderation.report(id: id))
            #expect(
                stored
                    == StoredReport(
                        id: id, reporterId: "p_ada", playerId: "p_bob", drawingId: "d_1", reason: .cheating, text: "typed the word",
                        context: context, createdAt: Self.start, status: .open, resolution: nil))
            let http = try #require(try await moderation.fileReport(Self.draft(about: nil, drawing: "d_2", reason: .other, at: Self.start), limit: 10))
            let byHTTP = try #require(try await moderation.report(id: http))
            #expect(byHTTP.playerId == nil && byHTTP.context == nil && byHTTP.text == nil && byHTTP.drawingId == "d_2")
            #expect(try await moderation.report(id: "r_unknown") == nil)
            #expect(http != id)
        }
    }

    @Test("a player's addresses: its last 5 of 30 days, newest first; address bans read back while in force, and lift alone or with their player's", arguments: Backend.allCases)
    func addressesAndAddressBans(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            let moderation = storage.moderation
            let day: Int64 = 86_400_000
            for (index, address) in ["203.0.113.1", "203.0.113.2", "2001:db8::1", "203.0.113.4", "203.0.113.5", "203.0.113.6"].enumerated() {
                try await storage.playerStore.saveSession(
                    PlayerSession(playerId: "p_ada", name: "Ada", tokenHash: "h", at: Self.start + Int64(index) * 1000, address: address))
            }
            // The first address again, later: it is the newest now, and the second is the one dropped.
            try await storage.playerStore.saveSession(PlayerSession(playerId: "p_ada", name: "Ada", tokenHash: "h", at: Self.start + 9000, address: "203.0.113.1"))
            #expect(
                try await moderation.recentAddresses(of: "p_ada", now: Self.start + 10_000)
                    == ["203.0.113.1", "203.0.113.6", "203.0.113.5", "203.0.113.4", "2001:db8::1"])
            #expect(try await moderation.recentAddresses(of: "p_ada", now: Self.start + 31 * day).isEmpty, "30 days on, none is kept")
            #expect(try await moderation.recentAddresses(of: "p_bob", now: Self.start).isEmpty)

            let block = try #require(AddressPrefix("203.0.113.0/24"))
            let one = try #require(AddressPrefix("2001:db8::1"))
            try await moderation.banAddresses([
                AddressBan(id: "ab_block", prefix: block, reason: "spam", untilMillis: Self.start + day, at: Self.start),
                AddressBan(id: "ab_ada", prefix: one, reason: nil, untilMillis: nil, at: Self.start + 1, playerId: "p_ada"),
            ])
            #expect(try await moderation.addressBans(now: Self.start).map(\.id) == ["ab_ada", "ab_block"])
            #expect(try await moderation.addressBans(now: Self.start).last?.prefix == block)
            #expect(try await moderation.addressBans(now: Self.start + day).map(\.id) == ["ab_ada"], "an ended ban is not in force")
            try await moderation.liftAddressBans(ofPlayer: "p_ada")
            #expect(try await moderation.addressBans(now: Self.start).map(\.id) == ["ab_block"])
            #expect(try await moderation.liftAddressBan(id: "ab_block"))
            #expect(try await !moderation.liftAddressBan(id: "ab_block"))
            #expect(try await moderation.addressBans(now: Self.start).isEmpty)
            #expect(try await storage.playerStore.delete(playerId: "p_ada", at: Self.start + 20_000))
            #expect(try await moderation.recentAddresses(of: "p_ada", now: Self.start + 20_000).isEmpty, "deleting the player forgets its addresses")
        }
    }

    @Test("a reporter files at most `limit` reports in any hour; others and older ones do not count", arguments: Backend.allCases)
    func hourlyLimit(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            let moderation = storage.moderation
            func files(by reporter: PlayerID = "p_ada", at time: Int64) async throws -> Bool {
                try await moderation.fileReport(Self.draft(by: reporter, at: time), limit: 3) != nil
            }
            var firstHour: [Bool] = []
            for minute: Int64 in [0, 1, 2, 30] {
                firstHour.append(try await files(at: Self.start + minute * 60_000))
            }
            #expect(firstHour == [true, true, true, false], "a fourth within the hour is refused")
            #expect(try await files(by: "p_cy", at: Self.start + 30 * 60_000), "another reporter")
            #expect(try await sql.count("report") == 4, "a refused report stores nothing")
            // An hour after the first, it no longer counts: one more fits, then the limit holds again.
            #expect(try await files(at: Self.start + Self.hour))
            #expect(try await !files(at: Self.start + Self.hour + 1))
        }
    }

    @Test("20 reports filed at once by one reporter: exactly `limit` are stored", arguments: Backend.allCases)
    func limitUnderConcurrency(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            let moderation = storage.moderation
            let ids = try await withThrowingTaskGroup(of: String?.self) { group in
                for index in 0..<20 {
                    group.addTask { try await moderation.fileReport(Self.draft(at: Self.start + Int64(index)), limit: 10) }
                }
                return try await group.reduce(into: [String]()) { ids, id in
                    if let id { ids.append(id) }
                }
            }
            #expect(ids.count == 10)
            #expect(Set(ids).count == 10)
            #expect(try await sql.count("report") == 10)
        }
    }

    @Test("pages by status run newest first on (createdAt, id), ties included, and end with a nil cursor", arguments: Backend.allCases)
    func pages(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            let moderation = storage.moderation
            var filed: [(id: String, at: Int64)] = []
            // Two reports per millisecond: the id orders each tie.
            for index in 0..<7 {
                let at = Self.start + Int64(index / 2)
                let id = try #require(try await moderation.fileReport(Self.draft(by: "p_\(index)", at: at), limit: 10))
                filed.append((id, at))
            }
            let newestFirst = filed.sorted { $0.at != $1.at ? $0.at > $1.at : $0.id > $1.id }.map(\.id)
            var seen: [String] = []
            var before: ReportCursor?
            var pages = 0
            repeat {
                let page = try await moderation.reports(status: .open, limit: 3, before: before)
                seen += page.reports.map(\.id)
                before = page.nextBefore
                if let cursor = before { #expect(ReportCursor(token: cursor.token) == cursor) }
                pages += 1
            } while before != nil && pages < 10
            #expect(seen == newestFirst)
            #expect(pages == 3)
            let whole = try await moderation.reports(status: .open, limit: 7, before: nil)
            #expect(whole.reports.count == 7 && whole.nextBefore == nil, "a full last page has no next page")
            #expect(try await moderation.reports(status: .resolved, limit: 10, before: nil) == ReportPage(reports: [], nextBefore: nil))
        }
    }

    @Test("resolving records action, note and time once: a resolved report is returned unchanged", arguments: Backend.allCases)
    func resolving(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            let moderation = storage.moderation
            let first = try #require(try await moderation.fileReport(Self.draft(at: Self.start), limit: 10))
            let second = try #require(try await moderation.fileReport(Self.draft(at: Self.start + 1), limit: 10))

            let resolved = try #require(try await moderation.resolveReport(id: first, action: .banPlayer, note: "slurs", at: Self.start + 50))
            #expect(resolved.status == .resolved)
            #expect(resolved.resolution == StoredReport.Resolution(action: .banPlayer, note: "slurs", at: Self.start + 50))
            let again = try await moderation.resolveReport(id: first, action: .dismiss, note: "second thoughts", at: Self.start + 60)
            #expect(again == resolved, "already resolved: unchanged")
            #expect(try await moderation.report(id: first) == resolved)
            #expect(try await moderation.resolveReport(id: "r_unknown", action: .dismiss, note: nil, at: Self.start) == nil)

            let noNote = try #require(try await moderation.resolveReport(id: second, action: .deleteDrawing, note: nil, at: Self.start + 70))
            #expect(noNote.resolution == StoredReport.Resolution(action: .deleteDrawing, note: nil, at: Self.start + 70))
            #expect(try await moderation.reports(status: .open, limit: 10, before: nil).reports.isEmpty)
            #expect(try await moderation.reports(status: .resolved, limit: 10, before: nil).reports.map(\.id) == [second, first])
        }
    }

    @Test("a ban holds until its time, or for good without one; a second ban replaces the first; unbanning lifts it", arguments: Backend.allCases)
    func bans(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            let moderation = storage.moderation
            let timed = PlayerBan(playerId: "p_bob", reason: "spam", untilMillis: Self.start + Self.hour, at: Self.start)
            try await moderation.ban(timed)
            #expect(try await moderation.activeBan(playerId: "p_bob", now: Self.start) == timed)
            #expect(try await moderation.activeBan(playerId: "p_bob", now: Self.start + Self.hour - 1) == timed)
            #expect(try await moderation.activeBan(playerId: "p_bob", now: Self.start + Self.hour) == nil, "over at its time")
            #expect(try await moderation.activeBan(playerId: "p_ada", now: Self.start) == nil)

            let forGood = PlayerBan(playerId: "p_bob", reason: nil, untilMillis: nil, at: Self.start + 10)
            try await moderation.ban(forGood)
            #expect(try await moderation.activeBan(playerId: "p_bob", now: Self.start + 100 * Self.hour) == forGood)
            #expect(try await sql.count("ban") == 1)

            #expect(try await moderation.unban(playerId: "p_bob"))
            #expect(try await moderation.unban(playerId: "p_bob") == false, "no ban left to lift")
            #expect(try await moderation.activeBan(playerId: "p_bob", now: Self.start) == nil)
        }
    }

    @Test("the audit log pages newest first by id and keeps arguments and address as given", arguments: Backend.allCases)
    func auditLog(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            let moderation = storage.moderation
            #expect(try await moderation.auditLog(limit: 10, before: nil) == AuditPage(entries: [], nextBefore: nil))
            let drafts = (0..<5).map { index in
                AuditDraft(
                    action: index.isMultiple(of: 2) ? "ban" : "deleteDrawing", arguments: #"{"id":"x_\#(index)","note":"ü \"q\""}"#,
                    address: index == 0 ? nil : "203.0.113.\(index)", at: Self.start + Int64(index))
            }
            for draft in drafts { try await moderation.audit(draft) }

            let first = try await moderation.auditLog(limit: 2, before: nil)
            #expect(first.entries.map(\.at) == [Self.start + 4, Self.start + 3])
            let second = try await moderation.auditLog(limit: 2, before: first.nextBefore)
            let third = try await moderation.auditLog(limit: 2, before: second.nextBefore)
            #expect(third.nextBefore == nil)
            let entries = first.entries + second.entries + third.entries
            #expect(entries.count == 5)
            #expect(entries.map(\.id) == entries.map(\.id).sorted(by: >), "ids grow with time")
            for (entry, draft) in zip(entries, drafts.reversed()) {
                #expect(entry.action == draft.action && entry.arguments == draft.arguments && entry.address == draft.address && entry.at == draft.at)
            }
        }
    }

    @Test("counts: open reports, and bans in force at the time asked", arguments: Backend.allCases)
    func counts(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            let moderation = storage.moderation
            #expect(try await moderation.counts(now: Self.start) == ModerationCounts(openReports: 0, activeBans: 0))
            let report = try #require(try await moderation.fileReport(Self.draft(at: Self.start), limit: 10))
            _ = try await moderation.fileReport(Self.draft(at: Self.start + 1), limit: 10)
            _ = try await moderation.resolveReport(id: report, action: .dismiss, note: nil, at: Self.start + 2)
            try await moderation.ban(PlayerBan(playerId: "p_bob", reason: nil, untilMillis: nil, at: Self.start))
            try await moderation.ban(PlayerBan(playerId: "p_cy", reason: nil, untilMillis: Self.start + 100, at: Self.start))
            #expect(try await moderation.counts(now: Self.start + 99) == ModerationCounts(openReports: 1, activeBans: 2))
            #expect(try await moderation.counts(now: Self.start + 100) == ModerationCounts(openReports: 1, activeBans: 1))
        }
    }
}
