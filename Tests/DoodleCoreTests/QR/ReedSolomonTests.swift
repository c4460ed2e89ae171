import Testing

@testable import DoodleCore

/// The Reed–Solomon encoder against worked examples whose figures are published.
@Suite struct ReedSolomonTests {
    @Test("the degree-10 generator is ISO/IEC 18004 Annex A's, as powers of α")
    func generatorOfDegreeTen() {
        // Annex A lists g(x) for 10 check codewords as x¹⁰ + α²⁵¹x⁹ + α⁶⁷x⁸ + α⁴⁶x⁷ + α⁶¹x⁶ +
        // α¹¹⁸x⁵ + α⁷⁰x⁴ + α⁶⁴x³ + α⁹⁴x² + α³²x + α⁴⁵.
        let exponents = ReedSolomonEncoder(degree: 10).generator.map { GaloisField256.logarithms[Int($0)] }
        #expect(exponents == [251, 67, 46, 61, 118, 70, 64, 94, 32, 45])
    }

    @Test("1-M of the numeric \"01234567\" (ISO/IEC 18004 Annex I): its 10 check codewords")
    func annexIExample() {
        let data: [UInt8] = [0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11]
        let check = ReedSolomonEncoder(degree: 10).checkCodewords(for: data)
        #expect(check == [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55])
    }

    @Test("1-M of the alphanumeric \"HELLO WORLD\": its 10 check codewords")
    func helloWorldExample() {
        // The data and check codewords of the widely published 1-M "HELLO WORLD" walk-through;
        // the block encoder of segno 1.6.6 (an independent Python encoder) gives the same, and
        // Annex I's figures above too.
        let data: [UInt8] = [0x20, 0x5B, 0x0B, 0x78, 0xD1, 0x72, 0xDC, 0x4D, 0x43, 0x40, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11]
        let check = ReedSolomonEncoder(degree: 10).checkCodewords(for: data)
        #expect(check == [0xC4, 0x23, 0x27, 0x77, 0xEB, 0xD7, 0xE7, 0xE2, 0x5D, 0x17])
    }

    @Test("a codeword with its check codewords appended divides by the generator: remainder zero")
    func encodedBlockHasNoRemainder() {
        var random = SeededRandom(seed: 12)
        for degree in [7, 10, 16, 18, 22, 26] {
            let encoder = ReedSolomonEncoder(degree: degree)
            let data = (0..<40).map { _ in UInt8.random(in: 0...255, using: &random) }
            let codeword = data + encoder.checkCodewords(for: data)
            #expect(encoder.checkCodewords(for: codeword) == Array(repeating: 0, count: degree), "degree \(degree)")
        }
    }

    @Test("GF(256): α⁸ is 0x1D (x⁸ reduced by 0x11D), and every nonzero element has an inverse")
    func fieldArithmetic() {
        #expect(GaloisField256.power(8) == 0x1D)
        #expect(GaloisField256.power(255) == 1)
        for value in 1...255 {
            let inverse = GaloisField256.power(255 - GaloisField256.logarithms[value])
            #expect(GaloisField256.multiply(UInt8(value), inverse) == 1)
        }
    }
}
