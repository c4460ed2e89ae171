import Foundation
import Testing

@testable import DoodleCore

/// `PointList`: 16-bit numbers when they fit, full width when one does not, and the JSON of `[Int]` either way.
@Suite struct PointListTests {
    @Test func numbersOnACanvasAreHeldIn16Bits() {
        let points: PointList = [0, 0, 1599, 1199, 65_535, 7]
        #expect(points.narrowNumbers.map(Array.init) == [0, 0, 1599, 1199, 65_535, 7])
        #expect(Array(points) == [0, 0, 1599, 1199, 65_535, 7])
        #expect(points.count == 6 && points[2] == 1599)
    }

    @Test func aNumberPast16BitsKeepsTheWholeListAtFullWidth() {
        var points: PointList = [3, 4]
        points.append(-1)
        points.append(70_000)
        #expect(points.narrowNumbers == nil)
        #expect(Array(points) == [3, 4, -1, 70_000])
        points.append(5)
        #expect(Array(points) == [3, 4, -1, 70_000, 5])
        // Equal lists are held alike, so equality is by value whichever way they were built.
        #expect(points == PointList([3, 4, -1, 70_000, 5]))
        #expect(PointList([3, 4]) != PointList([3, 4, 5, 6]))
    }

    @Test func aStretchOfStorageIsIndexedFromZero() {
        let storage: [UInt16] = [9, 9, 10, 20, 30, 40, 9, 9]
        let points = PointList(narrow: storage[2..<6])
        #expect(points.startIndex == 0 && points.endIndex == 4)
        #expect(points[0] == 10 && points[3] == 40)
        #expect(points == [10, 20, 30, 40])
        var extended = points
        extended.append(contentsOf: [50, 60])
        #expect(Array(extended) == [10, 20, 30, 40, 50, 60])
        #expect(Array(points) == [10, 20, 30, 40])
    }

    @Test func jsonIsTheSameAsAnArrayOfInts() throws {
        for numbers in [[], [0, 0], [1599, 1199, 3, 4], [-5, 100_000, 2, 2]] {
            let list = PointList(numbers)
            let encoded = try JSONEncoder().encode(list)
            #expect(encoded == (try JSONEncoder().encode(numbers)))
            #expect(try JSONDecoder().decode(PointList.self, from: encoded) == list)
        }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(PointList.self, from: Data("[1, 2.5]".utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(PointList.self, from: Data("[1, \"2\"]".utf8)) }
    }
}
