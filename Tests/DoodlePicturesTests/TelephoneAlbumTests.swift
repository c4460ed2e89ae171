import DoodleCore
import DoodlePictures
import Testing

@Suite("Telephone albums")
struct TelephoneAlbumTests {
    /// A drawing of one stroke: its replay is one frame, so a chain's frames are its entries.
    static func oneStroke(_ color: String, word: String, drawer: String, avatar: Avatar? = nil) -> AlbumPage {
        AlbumPage(
            items: CanvasReplay.visibleItems(after: KnownDrawings.pen(1, color, width: 40, [200, 200, 1400, 1000])), word: word, drawer: drawer,
            drawerAvatar: avatar)
    }

    static let faceOfBob = Avatar(color: RGBColor(red: 0x7b, green: 0x7b, blue: 0xf2), eyes: 2, mouth: 6)!

    /// Two chains of three entries (write, draw, describe), one text skipped.
    static let chains: [[AlbumPage]] = [
        [
            .text("a cat on a bicycle", writer: "Ada", writerAvatar: Avatar(derivedFrom: "p_ada")),
            oneStroke(KnownDrawings.red, word: "a cat on a bicycle", drawer: "Bob", avatar: faceOfBob),
            .text("a red line, very long indeed, that wraps over several lines of the card", writer: "Cyrille", writerAvatar: nil),
        ],
        [
            .text("", writer: "Bob", writerAvatar: faceOfBob),
            oneStroke(KnownDrawings.blue, word: "", drawer: "Cyrille"),
            .text("a blue line", writer: "Ada", writerAvatar: Avatar(derivedFrom: "p_ada")),
        ],
    ]

    @Test("a telephone album GIF shows every entry of every chain in order, one frame each here, each with its caption")
    func albumGIF() throws {
        let size = 160
        let band = 35  // CaptionBand.height(forPictureSize: 160)
        let pages = Self.chains.flatMap { $0 }
        let gif = try DecodedGIF(GIFRenderer().renderAlbum(pages, size: size))
        #expect(gif.width == size && gif.height == size + band)
        #expect(gif.frames.count == pages.count, "one frame an entry: a text, or a one-stroke drawing")
        #expect(gif.frames.allSatisfy { $0.delay == ReplayPlan.album.hold }, "each held as a finished drawing is")
        for (index, (page, frame)) in zip(pages, gif.frames).enumerated() {
            #expect(AlbumRendererTests.hasText(frame.pixels, width: size, rows: size..<(size + band), columns: 0..<size), "caption of \(index)")
            if page.writtenText != nil {
                #expect(AlbumRendererTests.hasText(frame.pixels, width: size, rows: 0..<size, columns: 0..<size), "the text of \(index) on its card")
            }
        }
        // The drawing frames are the drawings, as their PNGs show them.
        for index in [1, 4] {
            let error = GIFRendererTests.paletteError(
                try gif.picture(frame: index, size: size), try AlbumRendererTests.png(pages[index], size: size))
            #expect(error.mean < 2 && error.exactShare > 0.95, "drawing \(index): \(error)")
        }
        let pictures = gif.frames.map { Array($0.pixels[..<(size * size)]) }
        #expect(Set(pictures).count == pages.count, "every text has its own card")
        // Bob's face beside his name, under his drawing and under his skipped text.
        let writerLine = (size + band / 4)..<(size + band)
        for index in [1, 3] {
            let faces = AlbumRendererTests.count(Self.faceOfBob.color.packed, in: gif.frames[index].pixels, width: size, rows: writerLine, columns: 0..<size)
            #expect(faces > 20, "Bob's face in caption \(index)")
        }
    }

    @Test("a telephone album sheet puts each chain on a row of its own, texts as cards among the drawings")
    func albumSheet() throws {
        let cell = 96
        let lengths = Self.chains.map(\.count)
        let layout = AlbumSheetRenderer.layout(chainLengths: lengths, cellSize: cell)
        #expect(layout.columns == 3 && layout.rows == 2 && layout.cellSize == cell)
        let sheet = try Picture.decode(png: AlbumSheetRenderer().render(chains: Self.chains, cellSize: cell))
        #expect(sheet.width == layout.width && sheet.height == layout.height)
        for (chain, pages) in Self.chains.enumerated() {
            for (position, page) in pages.enumerated() {
                let origin = layout.origin(of: AlbumSheetRenderer.cell(chain: chain, position: position, chainLengths: lengths, columns: layout.columns))
                #expect(origin.row == layout.gap + chain * (cell + layout.captionHeight + layout.gap), "chain \(chain) has its own row")
                let columns = origin.column..<(origin.column + cell)
                let captionRows = (origin.row + cell)..<(origin.row + cell + layout.captionHeight)
                #expect(AlbumRendererTests.hasText(sheet.pixels, width: sheet.width, rows: captionRows, columns: columns), "caption \(chain).\(position)")
                if page.writtenText != nil {
                    #expect(
                        AlbumRendererTests.hasText(sheet.pixels, width: sheet.width, rows: origin.row..<(origin.row + cell), columns: columns),
                        "card \(chain).\(position)")
                } else {
                    let png = try AlbumRendererTests.png(page, size: cell)
                    var differing = 0
                    for row in 0..<cell {
                        for column in 0..<cell
                        where sheet.pixels[(origin.row + row) * sheet.width + origin.column + column] != png.pixels[row * cell + column] {
                            differing += 1
                        }
                    }
                    #expect(differing == 0, "drawing \(chain).\(position) is its PNG")
                }
            }
        }
    }

    @Test("a chain longer than the sheet is wide wraps onto rows of its own; the next chain starts a new row")
    func longChains() {
        let layout = AlbumSheetRenderer.layout(chainLengths: [10, 2, 16], cellSize: 128)
        #expect(layout.columns == AlbumSheetRenderer.maxColumns)
        #expect(layout.rows == 2 + 1 + 2)
        #expect(AlbumSheetRenderer.cell(chain: 0, position: 9, chainLengths: [10, 2, 16], columns: 8) == 9)
        #expect(AlbumSheetRenderer.cell(chain: 1, position: 0, chainLengths: [10, 2, 16], columns: 8) == 16)
        #expect(AlbumSheetRenderer.cell(chain: 2, position: 15, chainLengths: [10, 2, 16], columns: 8) == 24 + 15)
        let largest = AlbumSheetRenderer.layout(chainLengths: Array(repeating: 16, count: 16), cellSize: 512)
        #expect(largest.width * largest.height <= AlbumSheetRenderer.pixelBudget)
        #expect(largest.rows == 32 && largest.cellSize >= 64)
    }
}
