import DoodleCore
import Foundation
import Testing

/// The SVG renderer: its frame, and its one path read back into modules.
@Suite struct QRCodeSVGTests {
    /// The dark modules the path draws, read from its `M x y h w v1 h -w z` rectangles.
    private func modules(in svg: String) throws -> Set<[Int]> {
        let start = try #require(svg.range(of: "<path fill=\"#000\" d=\""))
        let data = svg[start.upperBound...].prefix { $0 != "\"" }
        var dark: Set<[Int]> = []
        for rectangle in data.split(separator: "z") {
            // "M12 4h3v1h-3" → 12, 4, 3, 1, 3
            let numbers = rectangle.split(whereSeparator: { "Mhv- ".contains($0) }).compactMap { Int($0) }
            try #require(numbers.count == 5 && numbers[3] == 1 && numbers[2] == numbers[4], "\(rectangle)")
            for column in numbers[0]..<numbers[0] + numbers[2] { dark.insert([numbers[1], column]) }
        }
        return dark
    }

    @Test("one path draws exactly the dark modules, offset by the 4-module quiet zone")
    func pathMatchesTheSymbol() throws {
        for text in ["hello", "http://127.0.0.1:8080/#pair-K7PQ2N", String(repeating: "Doodle ", count: 30)] {
            let code = try QRCode(text: text)
            let svg = QRCodeSVG.render(code)
            #expect(svg.components(separatedBy: "<path").count == 2, "one path")
            var expected: Set<[Int]> = []
            for row in 0..<code.size {
                for column in 0..<code.size where code[row, column] { expected.insert([row + 4, column + 4]) }
            }
            #expect(try modules(in: svg) == expected, "\(text)")
        }
    }

    @Test("the frame: a white square of size + 8 units, scaled to pixels per module, crisp edges")
    func frame() throws {
        let code = try QRCode(text: "hello")
        let svg = QRCodeSVG.render(code, pixelsPerModule: 10)
        #expect(svg.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29" width="290" height="290""#))
        #expect(svg.contains(#"shape-rendering="crispEdges""#))
        #expect(svg.contains(##"<rect width="29" height="29" fill="#fff"/>"##))
        #expect(svg.hasSuffix("\"/></svg>\n"))
    }
}
