import DoodleStorage
import Testing

@testable import DoodleServer

/// The invite link a QR code carries, without a server.
@Suite struct InviteLinkTests {
    private let pairCode = InviteCodeLookup.Found.pair(code: "K7PQ2N", owner: .init(ownerId: "p_ada", ownerName: "Ada", isOpen: true))

    @Test("a pair code links to the page's pair view, on http or https, at the Host as given")
    func pairLinks() throws {
        #expect(try InviteLink(pairCode, host: "127.0.0.1:8080", secure: false).url == "http://127.0.0.1:8080/#pair-K7PQ2N")
        #expect(try InviteLink(pairCode, host: "doodle.example", secure: true).url == "https://doodle.example/#pair-K7PQ2N")
        #expect(try InviteLink(pairCode, host: "[::1]:8080", secure: false).url == "http://[::1]:8080/#pair-K7PQ2N")
    }

    @Test("no Host, an empty one, or one with characters no host has is a bad_message (400) that says so")
    func unusableHosts() {
        for host in [nil, "", "a b", "evil.example/@x", "host?q", "host#frag", "ünicode.example"] {
            do {
                _ = try InviteLink(pairCode, host: host, secure: false)
                Issue.record("\(host ?? "nil") was accepted")
            } catch let error as APIError {
                #expect(error.code == "bad_message", "\(host ?? "nil")")
                #expect(error.message.contains("Host"), "\(host ?? "nil"): \(error.message)")
            } catch {
                Issue.record("\(host ?? "nil"): \(error)")
            }
        }
    }
}
