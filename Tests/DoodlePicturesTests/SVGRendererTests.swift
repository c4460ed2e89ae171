import DoodlePictures
import DrawingTestSupport
import Foundation
import Testing

import DoodleCore

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Parses an SVG document and keeps its elements with their attributes, in document order.
final class SVGElements: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
    }

    private(set) var elements: [Element] = []

    /// nil if the document is not well-formed XML.
    static func parse(_ svg: String) -> [Element]? {
        let collector = SVGElements()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = collector
        return parser.parse() ? collector.elements : nil
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements.append(Element(name: elementName, attributes: attributes))
    }
}

@Suite("SVG rendering")
struct SVGRendererTests {
    let renderer = SVGRenderer()

    @Test("the SVG is well-formed, 1600×1200 on white, with one polyline per visible stroke")
    func wellFormedAndMatching() throws {
        let actions = RealisticDrawing.actions(strokes: 12, pointsPerStroke: 30, seed: 5) + [.undo, .undo]
        let visible = CanvasReplay.visibleItems(after: actions)
        let elements = try #require(SVGElements.parse(renderer.render(actions)))
        #expect(elements.first?.name == "svg")
        #expect(elements.first?.attributes["viewBox"] == "0 0 1600 1200")
        #expect(elements.first?.attributes["xmlns"] == "http://www.w3.org/2000/svg")
        #expect(elements[1].name == "rect" && elements[1].attributes["fill"] == "#ffffff" && elements[1].attributes["width"] == "1600")
        let polylines = elements.filter { $0.name == "polyline" }
        #expect(polylines.count == 10)
        for (polyline, item) in zip(polylines, visible) {
            guard case .stroke(let stroke) = item else {
                Issue.record("expected a stroke")
                continue
            }
            let numbers = (polyline.attributes["points"] ?? "").split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Int($0) }
            #expect(numbers == Array(stroke.points))
            #expect(polyline.attributes["stroke"] == (stroke.tool == .eraser ? "#ffffff" : stroke.color))
            #expect(polyline.attributes["stroke-width"] == String(stroke.width))
            #expect(polyline.attributes["stroke-linecap"] == "round")
            #expect(polyline.attributes["fill"] == "none")
        }
    }

    @Test("clear and undo leave only what is visible; a one-point stroke is a dot")
    func clearUndoAndDots() throws {
        let actions: [DrawingAction] = [
            .strokeBegin(StrokeBegin(strokeId: 1, tool: .pen, color: "#ff0000", width: 4, points: [1, 1, 50, 50])),
            .clear,
            .strokeBegin(StrokeBegin(strokeId: 2, tool: .pen, color: "#00ff00", width: 10, points: [100, 200])),
            .strokeEnd(strokeId: 2),
            .strokeBegin(StrokeBegin(strokeId: 3, tool: .pen, color: "#0000ff", width: 4, points: [5, 5, 9, 9])),
            .undo,
        ]
        let elements = try #require(SVGElements.parse(renderer.render(actions)))
        #expect(elements.map(\.name) == ["svg", "rect", "circle"])
        #expect(elements[2].attributes["cx"] == "100" && elements[2].attributes["cy"] == "200")
        #expect(elements[2].attributes["r"] == "5.0" && elements[2].attributes["fill"] == "#00ff00")
    }

    @Test("a fill inside a closed outline covers the inside and not the outside")
    func fillStaysInsideOutline() throws {
        // A 1-pixel square outline from (100,100) to (300,300), filled from its middle, then a
        // fill outside it, which covers everything but the outline and the filled square.
        let square = [100, 100, 300, 100, 300, 300, 100, 300, 100, 100]
        let actions: [DrawingAction] = [
            .strokeBegin(StrokeBegin(strokeId: 1, tool: .pen, color: "#000000", width: 1, points: PointList(square))),
            .strokeEnd(strokeId: 1),
            .fill(FillAction(x: 200, y: 200, color: "#ff0000")),
            .fill(FillAction(x: 1000, y: 1000, color: "#0000ff")),
        ]
        let elements = try #require(SVGElements.parse(renderer.render(actions)))
        let fills = elements.filter { $0.name == "path" }
        #expect(fills.map { $0.attributes["fill"] } == ["#ff0000", "#0000ff"])
        let inside = Self.rectangles(fills[0].attributes["d"] ?? "")
        let outside = Self.rectangles(fills[1].attributes["d"] ?? "")
        let insideArea = inside.reduce(0) { $0 + $1.width * $1.height }
        #expect(inside.allSatisfy { $0.x >= 100 && $0.y >= 100 && $0.x + $0.width <= 300 && $0.y + $0.height <= 300 })
        #expect(insideArea > 190 * 190 && insideArea <= 200 * 200)
        #expect(outside.allSatisfy { $0.x + $0.width <= 100 || $0.x >= 300 || $0.y + $0.height <= 100 || $0.y >= 300 })
        let outsideArea = outside.reduce(0) { $0 + $1.width * $1.height }
        #expect(outsideArea > 1600 * 1200 - 210 * 210)
    }

    @Test("filling with the colour already there draws nothing; later strokes are drawn over a fill")
    func fillOrder() throws {
        let actions: [DrawingAction] = [
            .fill(FillAction(x: 10, y: 10, color: "#ffffff")),
            .fill(FillAction(x: 10, y: 10, color: "#123456")),
            .strokeBegin(StrokeBegin(strokeId: 1, tool: .eraser, color: nil, width: 20, points: [0, 0, 1599, 1199])),
        ]
        let elements = try #require(SVGElements.parse(renderer.render(actions)))
        #expect(elements.map(\.name) == ["svg", "rect", "path", "polyline"])
        #expect(Self.rectangles(elements[2].attributes["d"] ?? "") == [.init(x: 0, y: 0, width: 1600, height: 1200)])
        #expect(elements[3].attributes["stroke"] == "#ffffff")
    }

    @Test("colours that are not #rrggbb are drawn black, never copied into the document")
    func sanitisesColours() throws {
        let actions: [DrawingAction] = [
            .strokeBegin(StrokeBegin(strokeId: 1, tool: .pen, color: "\"/><script>", width: 3, points: [1, 2, 3, 4]))
        ]
        let svg = renderer.render(actions)
        #expect(!svg.contains("script"))
        let elements = try #require(SVGElements.parse(svg))
        #expect(elements.last?.attributes["stroke"] == "#000000")
    }

    @Test("a drawing at the protocol's limits renders")
    func rendersLargeDrawings() throws {
        var actions: [DrawingAction] = []
        for strokeId in 1...200 {
            var points: [Int] = []
            for index in 0..<250 {
                points.append((index * 6 + strokeId) % 1600)
                points.append((index * 4 + strokeId * 5) % 1200)
            }
            actions.append(.strokeBegin(StrokeBegin(strokeId: strokeId, tool: .pen, color: "#336699", width: 64, points: PointList(points))))
            actions.append(.fill(FillAction(x: (strokeId * 37) % 1600, y: (strokeId * 53) % 1200, color: strokeId % 2 == 0 ? "#ff0000" : "#00ff00")))
        }
        let elements = try #require(SVGElements.parse(renderer.render(actions)))
        #expect(elements.filter { $0.name == "polyline" }.count == 200)
        #expect(elements.count > 300)
    }

    struct Rect: Equatable {
        var x, y, width, height: Int
    }

    /// Reads back the `M x y h w v h h -w z` rectangles of a fill path.
    static func rectangles(_ path: String) -> [Rect] {
        path.split(separator: "z").compactMap { part in
            let numbers = part.split(whereSeparator: { "Mhv ".contains($0) }).compactMap { Int($0) }
            guard numbers.count == 5 else { return nil }
            return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        }
    }
}
