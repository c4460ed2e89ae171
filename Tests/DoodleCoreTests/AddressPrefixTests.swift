import DoodleCore
import Testing

@Suite("Address prefixes of address bans")
struct AddressPrefixTests {
    @Test func blocksOfBothFamiliesHoldTheirAddresses() throws {
        let v4 = try #require(AddressPrefix("203.0.113.0/24"))
        #expect(v4.contains("203.0.113.7"))
        #expect(v4.contains("203.0.113.255"))
        #expect(!v4.contains("203.0.114.1"))
        #expect(v4.contains("::ffff:203.0.113.9"), "an IPv4 client seen through a dual-stack socket")
        let v6 = try #require(AddressPrefix("2001:db8:aa::/48"))
        #expect(v6.contains("2001:db8:aa:1::5"))
        #expect(!v6.contains("2001:db8:ab::5"))
        #expect(!v6.contains("203.0.113.7"))
        #expect(!v4.contains("2001:db8:aa::1"))
        #expect(!v4.contains("unknown"))
    }

    @Test func aBareAddressIsItsOwnBlockAndBitsPastTheLengthAreCleared() throws {
        let one = try #require(AddressPrefix("198.51.100.23"))
        #expect(one.description == "198.51.100.23/32")
        #expect(one.contains("198.51.100.23") && !one.contains("198.51.100.24"))
        #expect(AddressPrefix("203.0.113.77/24")?.description == "203.0.113.0/24")
        #expect(AddressPrefix("2001:db8::1")?.description == "2001:db8::1/128")
        #expect(AddressPrefix("2001:db8:aa:bb::/48")?.description == "2001:db8:aa::/48")
        #expect(AddressPrefix("0.0.0.0/0")?.contains("8.8.8.8") == true)
        #expect(AddressPrefix("10.0.0.0/9")?.contains("10.127.255.255") == true)
        #expect(AddressPrefix("10.0.0.0/9")?.contains("10.128.0.0") == false)
    }

    @Test(arguments: [
        "", "/24", "203.0.113.0/", "203.0.113.0/33", "2001:db8::/129", "203.0.113.0/-1", "203.0.113.0/+8", "203.0.113.0/0024",
        "203.0.113.0/99999999999999999999", "203.0.113", "example.org", "203.0.113.0/24/8", "256.0.0.1",
    ])
    func anythingElseIsNoPrefix(text: String) {
        #expect(AddressPrefix(text) == nil)
    }
}
