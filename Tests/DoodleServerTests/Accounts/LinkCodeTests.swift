@testable import DoodleServer
import Testing

@Suite("Link codes")
struct LinkCodeTests {
    @Test("random codes are XXXX-XXXX from the alphabet without 0/O/1/I")
    func shape() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let code = LinkCode.random(using: &generator).text
            #expect(code.wholeMatch(of: /[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}/) != nil, "\(code)")
        }
    }

    @Test("typed codes are read in any case, with or without the dash and spaces, to the same hash")
    func typed() throws {
        let code = try #require(LinkCode(typed: "K7PQ-2M4X"))
        for variant in ["k7pq2m4x", " K7PQ 2M4X ", "k7pq-2m4x", "K7PQ-2M4X"] {
            #expect(LinkCode(typed: variant) == code, "\(variant)")
            #expect(LinkCode(typed: variant)?.hash == code.hash)
        }
        #expect(code.hash.count == 64)
        #expect(code.hash != LinkCode(typed: "K7PQ-2M4Y")?.hash)
    }

    @Test("anything else is no code", arguments: ["", "K7PQ-2M4", "K7PQ-2M4XZ", "K0PQ-2M4X", "KOPQ-2M4X", "K1PQ-2M4X", "KIPQ-2M4X", "K7PQ_2M4X"])
    func refused(_ text: String) {
        #expect(LinkCode(typed: text) == nil)
    }
}
