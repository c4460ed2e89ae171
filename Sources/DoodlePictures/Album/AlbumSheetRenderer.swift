import DoodleCore

/// A game's album as one PNG sheet (`GET /v1/games/{id}/album.png`): the finished drawings in a
/// grid, in the order they were drawn, left to right and top to bottom, each on white with its
/// word and drawer under it, on a light grey sheet. A telephone game's sheet has a chain a row
/// (or more, for a chain longer than the grid is wide), its texts as cards among its drawings.
///
/// The grid is ⌈√n⌉ columns wide (at most `maxColumns`); a telephone game's as wide as its
/// longest chain (at most `maxColumns`). Cells are `cellSize` square, but shrink (never below
/// 64 px) so the sheet stays within `pixelBudget` pixels, since a game may hold 160 drawings (a
/// telephone game 256 entries).
public struct AlbumSheetRenderer: Sendable {
    public static let sizes = GIFRenderer.sizes
    /// Changes whenever the same game would give a different sheet (2: the drawers' faces).
    public static let version = 2
    public static let maxColumns = 8
    public static let pixelBudget = 16_000_000
    static let sheetColor: UInt32 = 0xee_eeee

    public var canvasWidth: Int
    public var canvasHeight: Int

    public init(canvasWidth: Int = 1600, canvasHeight: Int = 1200) {
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
    }

    /// Where a sheet's cells go.
    public struct Layout: Sendable, Equatable {
        public var columns: Int
        public var rows: Int
        /// A drawing's side, in pixels.
        public var cellSize: Int
        public var captionHeight: Int
        /// Between cells and around the grid.
        public var gap: Int

        public var width: Int { columns * cellSize + (columns + 1) * gap }
        public var height: Int { rows * (cellSize + captionHeight) + (rows + 1) * gap }

        /// The top left corner of the `index`th drawing.
        public func origin(of index: Int) -> (column: Int, row: Int) {
            (gap + index % columns * (cellSize + gap), gap + index / columns * (cellSize + captionHeight + gap))
        }
    }

    public static func layout(pages: Int, cellSize requested: Int) -> Layout {
        let count = max(pages, 1)
        var columns = 1
        while columns * columns < count { columns += 1 }
        columns = min(columns, maxColumns)
        return layout(columns: columns, rows: (count + columns - 1) / columns, cellSize: requested)
    }

    /// A telephone game's grid: as wide as its longest chain (at most `maxColumns`), each chain
    /// starting a row of its own.
    public static func layout(chainLengths: [Int], cellSize requested: Int) -> Layout {
        let columns = min(max(chainLengths.max() ?? 1, 1), maxColumns)
        let rows = chainLengths.reduce(0) { $0 + max(($1 + columns - 1) / columns, 1) }
        return layout(columns: columns, rows: max(rows, 1), cellSize: requested)
    }

    /// Where page `position` of chain `chain` goes among a telephone sheet's cells (an index for
    /// `Layout.origin(of:)`): every chain begins on a new row.
    public static func cell(chain: Int, position: Int, chainLengths: [Int], columns: Int) -> Int {
        let rowsBefore = chainLengths.prefix(chain).reduce(0) { $0 + max(($1 + columns - 1) / columns, 1) }
        return rowsBefore * columns + position
    }

    private static func layout(columns: Int, rows: Int, cellSize requested: Int) -> Layout {
        var size = requested
        while true {
            let layout = Layout(
                columns: columns, rows: rows, cellSize: size, captionHeight: CaptionBand.height(forPictureSize: size),
                gap: max(4, size / 16))
            if layout.width * layout.height <= pixelBudget || size <= sizes.lowerBound { return layout }
            size = max(sizes.lowerBound, size * 9 / 10)
        }
    }

    public func render(_ pages: [AlbumPage], cellSize: Int) throws(PictureError) -> [UInt8] {
        guard Self.sizes.contains(cellSize) else { throw .sizeOutOfRange(cellSize, allowed: Self.sizes) }
        let layout = Self.layout(pages: pages.count, cellSize: cellSize)
        return try render(pages.enumerated().map { (cell: $0.offset, page: $0.element) }, layout: layout)
    }

    /// A telephone game's sheet: each chain in order, from a row of its own.
    public func render(chains: [[AlbumPage]], cellSize: Int) throws(PictureError) -> [UInt8] {
        guard Self.sizes.contains(cellSize) else { throw .sizeOutOfRange(cellSize, allowed: Self.sizes) }
        let lengths = chains.map(\.count)
        let layout = Self.layout(chainLengths: lengths, cellSize: cellSize)
        var placed: [(cell: Int, page: AlbumPage)] = []
        for (chain, pages) in chains.enumerated() {
            for (position, page) in pages.enumerated() {
                placed.append((Self.cell(chain: chain, position: position, chainLengths: lengths, columns: layout.columns), page))
            }
        }
        return try render(placed, layout: layout)
    }

    private func render(_ placed: [(cell: Int, page: AlbumPage)], layout: Layout) throws(PictureError) -> [UInt8] {
        var sheet = PixelImage(width: layout.width, height: layout.height, color: Self.sheetColor)
        for (cell, page) in placed {
            let origin = layout.origin(of: cell)
            let picture = try page.finishedPicture(size: layout.cellSize, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
            sheet.place(picture, column: origin.column, row: origin.row)
            let caption = try CaptionBand.render(page.caption, width: layout.cellSize, height: layout.captionHeight)
            sheet.place(caption, column: origin.column, row: origin.row + layout.cellSize)
        }
        return try sheet.png()
    }
}
