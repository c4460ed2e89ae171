import Testing

@testable import DoodleLoad

@Suite("The server's listening line")
struct ListeningLineTests {
    @Test("the port comes from the server's own line, not Hummingbird's earlier 'Server started and listening on'")
    func serversOwnLine() {
        let hummingbird = "2026-11-29T11:57:10+0000 info doodle: [HummingbirdCore] Server started and listening on 127.0.0.1:48089\n"
        #expect(ServerProcess.listeningPort(in: hummingbird) == nil)
        #expect(ServerProcess.listeningPort(in: hummingbird + "2026-11-29T11:57:10+0000 info doodle: [DoodleServer] listening on 127.0.0.1:48089\n") == 48089)
        #expect(ServerProcess.listeningPort(in: "info relay: [doodle_relay] listening on 127.0.0.1:5001\n") == 5001)
    }
}
