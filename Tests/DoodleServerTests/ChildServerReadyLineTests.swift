import Testing

@Suite("A child server is ready at its own listening line")
struct ChildServerReadyLineTests {
    static let hummingbirdLine = "2026-11-29T11:57:10+0000 info doodle: [HummingbirdCore] Server started and listening on 127.0.0.1:48089\n"
    static let serverLine = "2026-11-29T11:57:10+0000 info doodle: [DoodleServer] listening on 127.0.0.1:48089\n"

    @Test("Hummingbird's 'Server started and listening on' line, logged before a node joins its cluster, is not taken for ready")
    func hummingbirdsLineIsNotReady() {
        #expect(ChildServer.listeningPort(in: Self.hummingbirdLine) == nil)
        #expect(ChildServer.listeningPort(in: Self.hummingbirdLine + Self.serverLine) == 48089)
        #expect(ChildServer.listeningPort(in: "info doodle: [DoodleServer] listening on 127.0.0.1:8443 (TLS)\n") == 8443)
    }
}
