import Testing

@testable import DoodleServer

/// Stored players are found by this hash: it must stay SHA-256 in lower-case hex, byte for byte.
@Suite("Token hash")
struct TokenHashTests {
    @Test("SHA-256 in lower-case hex, as stored (FIPS 180-2 test vectors)")
    func knownDigests() {
        #expect(PlayerDirectory.hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(PlayerDirectory.hash("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }
}
