/// A stroke's points as the wire carries them, one flat list of numbers `[x0, y0, x1, y1, …]`,
/// held as 16-bit numbers: 4 bytes a point instead of the 16 of `[Int]`.
///
/// Every coordinate on a canvas fits (`RulesLoader` keeps canvases within 65,536). A list that
/// holds a number outside 0…65,535 — only ever a client's invalid message, which the drawing
/// board refuses — keeps its numbers at full width instead: decoding and the stroke codec stay
/// total, and the board's refusal names the very point that was off the canvas.
///
/// Reads like `[Int]` (a random-access collection of `Int`, indexed from 0) so that writers and
/// renderers need not know how it is held. A list cut from a drawing's storage shares that
/// storage until it is changed.
public struct PointList: Sendable, Hashable {
    private var narrow: ArraySlice<UInt16>
    /// Every number, when one of them does not fit 16 bits; `narrow` is then empty. Only a
    /// list with such a number has it, so two equal lists are always held alike.
    private var wide: [Int]?

    public init() {
        narrow = []
    }

    /// Numbers that all fit 16 bits, for example a stretch of a drawing's storage.
    init(narrow: ArraySlice<UInt16>) {
        self.narrow = narrow
    }

    public init(_ numbers: some Sequence<Int>) {
        narrow = []
        narrow.reserveCapacity(numbers.underestimatedCount)
        for number in numbers { append(number) }
    }

    /// The numbers as 16 bits, or nil when one of them does not fit.
    public var narrowNumbers: ArraySlice<UInt16>? {
        wide == nil ? narrow : nil
    }

    public mutating func reserveCapacity(_ count: Int) {
        if wide != nil { wide?.reserveCapacity(count) } else { narrow.reserveCapacity(count) }
    }

    public mutating func append(_ number: Int) {
        if wide != nil {
            wide?.append(number)
        } else if let fitting = UInt16(exactly: number) {
            narrow.append(fitting)
        } else {
            var numbers = narrow.map(Int.init)
            numbers.append(number)
            wide = numbers
            narrow = []
        }
    }

    public mutating func append(contentsOf other: PointList) {
        if wide == nil, let numbers = other.narrowNumbers {
            narrow.append(contentsOf: numbers)
        } else {
            for number in other { append(number) }
        }
    }
}

extension PointList: RandomAccessCollection {
    public var startIndex: Int { 0 }
    public var endIndex: Int { wide?.count ?? narrow.count }

    public subscript(position: Int) -> Int {
        if let wide { return wide[position] }
        return Int(narrow[narrow.startIndex + position])
    }
}

extension PointList: ExpressibleByArrayLiteral {
    public init(arrayLiteral numbers: Int...) {
        self.init(numbers)
    }
}

extension PointList: CustomStringConvertible {
    public var description: String { Array(self).description }
}

/// A flat JSON array of numbers, exactly as `[Int]` reads and writes.
extension PointList: Codable {
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        self.init()
        if let count = container.count { reserveCapacity(count) }
        while !container.isAtEnd { append(try container.decode(Int.self)) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for number in self { try container.encode(number) }
    }
}
