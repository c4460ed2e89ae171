/// Reed–Solomon error correction codewords for one block (ISO/IEC 18004 §7.5.2): the remainder
/// of the data polynomial times xⁿ divided by the generator polynomial (x − α⁰)(x − α¹)…(x − αⁿ⁻¹).
struct ReedSolomonEncoder: Sendable {
    /// The generator's coefficients, highest degree first, without the leading 1.
    let generator: [UInt8]

    /// An encoder that makes `degree` error correction codewords per block.
    init(degree: Int) {
        precondition(degree > 0, "a Reed–Solomon code needs at least one check codeword")
        // Start from the constant 1 and multiply in one (x + αⁱ) at a time; in GF(2⁸) minus is plus.
        var polynomial: [UInt8] = [1]
        for index in 0..<degree {
            let root = GaloisField256.power(index)
            var product = [UInt8](repeating: 0, count: polynomial.count + 1)
            for (position, coefficient) in polynomial.enumerated() {
                product[position] ^= coefficient
                product[position + 1] ^= GaloisField256.multiply(coefficient, root)
            }
            polynomial = product
        }
        generator = Array(polynomial.dropFirst())
    }

    /// The error correction codewords for `data`, as many as the generator's degree.
    func checkCodewords(for data: some Sequence<UInt8>) -> [UInt8] {
        var remainder = [UInt8](repeating: 0, count: generator.count)
        for byte in data {
            let factor = byte ^ remainder[0]
            remainder.removeFirst()
            remainder.append(0)
            for index in remainder.indices {
                remainder[index] ^= GaloisField256.multiply(generator[index], factor)
            }
        }
        return remainder
    }
}
