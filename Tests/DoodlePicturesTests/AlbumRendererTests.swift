import DoodleCore
import DoodlePictures
import Testing

@Suite("Albums")
struct AlbumRendererTests {
    static let pages = [
        AlbumPage(items: CanvasReplay.visibleItems(after: KnownDrawings.filledCircle), word: "sun", drawer: "Ada", drawerAvatar: faceOfAda),
        AlbumPage(
            items: CanvasReplay.visibleItems(after: GIFRendererTests.manyStrokes(30)), word: "rain", drawer: "Zoë Łukasiewicz",
            drawerAvatar: Avatar(derivedFrom: "p_zoe")),
        AlbumPage(items: CanvasReplay.visibleItems(after: KnownDrawings.layered), word: "a very long word that cannot fit", drawer: "deleted player"),
    ]

    /// A colour no drawing of these pages uses, so that its pixels can only be the face's.
    static let faceOfAda = Avatar(color: RGBColor(red: 0x7b, green: 0x7b, blue: 0xf2), eyes: 1, mouth: 4)!

    static func png(_ page: AlbumPage, size: Int) throws -> Picture {
        try Picture(png: PNGRenderer().render(items: page.items, size: size))
    }

    /// Whether a band of rows holds text: enough dark pixels.
    static func hasText(_ pixels: [UInt32], width: Int, rows: Range<Int>, columns: Range<Int>) -> Bool {
        var dark = 0
        for row in rows {
            for column in columns where pixels[row * width + column] & 0xff < 0x80 { dark += 1 }
        }
        return dark > 20
    }

    @Test("the album GIF replays every drawing in turn, each held 2 s with its word and drawer under it")
    func albumGIF() throws {
        let size = 160
        let band = 35  // CaptionBand.height(forPictureSize: 160)
        let gif = try DecodedGIF(GIFRenderer().renderAlbum(Self.pages, size: size))
        #expect(gif.width == size && gif.height == size + band)
        #expect(gif.loopCount == 0)
        let held = gif.frames.indices.filter { gif.frames[$0].delay == 200 }
        #expect(held.count == Self.pages.count)
        #expect(gif.frames.count == Self.pages.reduce(0) { $0 + ReplayPlan.album.frames(itemCount: $1.items.count).count })
        var captions: [[UInt32]] = []
        for (page, frame) in zip(Self.pages, held) {
            let error = GIFRendererTests.paletteError(try gif.picture(frame: frame, size: size), try Self.png(page, size: size))
            #expect(error.mean < 2 && error.exactShare > 0.95, "\(page.word): \(error)")
            #expect(Self.hasText(gif.frames[frame].pixels, width: size, rows: size..<(size + band), columns: 0..<size))
            captions.append(Array(gif.frames[frame].pixels[(size * size)...]))
        }
        #expect(Set(captions).count == Self.pages.count, "each drawing has its own caption")
    }

    @Test("the album sheet is a grid of the finished drawings, each exactly its PNG, with a caption under it")
    func albumSheet() throws {
        let cell = 128
        let layout = AlbumSheetRenderer.layout(pages: Self.pages.count, cellSize: cell)
        #expect(layout.columns == 2 && layout.rows == 2 && layout.cellSize == cell)
        let sheet = try Picture.decode(png: AlbumSheetRenderer().render(Self.pages, cellSize: cell))
        #expect(sheet.width == layout.width && sheet.height == layout.height)
        for (index, page) in Self.pages.enumerated() {
            let origin = layout.origin(of: index)
            let png = try Self.png(page, size: cell)
            var differing = 0
            for row in 0..<cell {
                for column in 0..<cell where sheet.pixels[(origin.row + row) * sheet.width + origin.column + column] != png.pixels[row * cell + column] {
                    differing += 1
                }
            }
            #expect(differing == 0, "drawing \(index)")
            let captionRows = (origin.row + cell)..<(origin.row + cell + layout.captionHeight)
            #expect(Self.hasText(sheet.pixels, width: sheet.width, rows: captionRows, columns: origin.column..<(origin.column + cell)))
            // The drawer's face is in its caption, in its own colour, and no other caption has it.
            let faceColor = Self.faceOfAda.color.packed
            let facePixels = Self.count(faceColor, in: sheet.pixels, width: sheet.width, rows: captionRows, columns: origin.column..<(origin.column + cell))
            if page.drawerAvatar == Self.faceOfAda {
                #expect(facePixels > 20, "Ada's face in her caption")
            } else {
                #expect(facePixels == 0, "drawing \(index) has no face of Ada's")
            }
        }
    }

    @Test("the album GIF shows each drawer's face in its exact colour beside its name, and none for a deleted drawer")
    func albumGIFFaces() throws {
        let size = 160
        let band = 35  // CaptionBand.height(forPictureSize: 160)
        let gif = try DecodedGIF(GIFRenderer().renderAlbum(Self.pages, size: size))
        let held = gif.frames.indices.filter { gif.frames[$0].delay == 200 }
        for (page, frame) in zip(Self.pages, held) {
            let pixels = gif.frames[frame].pixels
            let drawerLine = (size + band / 2)..<(size + band)
            if let face = page.drawerAvatar {
                #expect(Self.count(face.color.packed, in: pixels, width: size, rows: drawerLine, columns: 0..<size) > 20, "\(page.drawer)'s face")
            } else {
                #expect(Self.count(Self.faceOfAda.color.packed, in: pixels, width: size, rows: drawerLine, columns: 0..<size) == 0, "no face for \(page.drawer)")
            }
        }
    }

    static func count(_ color: UInt32, in pixels: [UInt32], width: Int, rows: Range<Int>, columns: Range<Int>) -> Int {
        var count = 0
        for row in rows {
            for column in columns where pixels[row * width + column] & 0xff_ffff == color { count += 1 }
        }
        return count
    }

    @Test("a sheet of a long game shrinks its cells to stay within the pixel budget")
    func sheetLayout() {
        #expect(AlbumSheetRenderer.layout(pages: 1, cellSize: 256).columns == 1)
        #expect(AlbumSheetRenderer.layout(pages: 5, cellSize: 256).columns == 3)
        let long = AlbumSheetRenderer.layout(pages: 160, cellSize: 512)
        #expect(long.columns == 8 && long.rows == 20)
        #expect(long.width * long.height <= AlbumSheetRenderer.pixelBudget)
        #expect(long.cellSize < 512 && long.cellSize >= 64)
        #expect(AlbumSheetRenderer.layout(pages: 16, cellSize: 256).cellSize == 256)
    }
}
