/// Arithmetic in GF(2⁸) as QR codes use it (ISO/IEC 18004 §7.5.2): elements are bytes, addition
/// is XOR, and multiplication is modulo the primitive polynomial x⁸ + x⁴ + x³ + x² + 1 (0x11D),
/// with α = 2 as the generator of the multiplicative group.
enum GaloisField256 {
    /// αⁱ for i in 0..<510: twice round the group, so a product's exponent sum needs no modulo.
    static let exponents: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 510)
        var value = 1
        for power in 0..<255 {
            table[power] = UInt8(value)
            table[power + 255] = UInt8(value)
            value <<= 1
            if value & 0x100 != 0 { value ^= 0x11D }
        }
        return table
    }()

    /// logα(x) for x in 1...255; index 0 is unused (0 has no logarithm).
    static let logarithms: [Int] = {
        var table = [Int](repeating: 0, count: 256)
        for power in 0..<255 { table[Int(exponents[power])] = power }
        return table
    }()

    static func multiply(_ left: UInt8, _ right: UInt8) -> UInt8 {
        if left == 0 || right == 0 { return 0 }
        return exponents[logarithms[Int(left)] + logarithms[Int(right)]]
    }

    /// αⁿ for n in 0..<255.
    static func power(_ exponent: Int) -> UInt8 {
        exponents[exponent % 255]
    }
}
