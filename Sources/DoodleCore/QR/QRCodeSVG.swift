/// A QR code as an SVG document: a white square with the quiet zone around the symbol and every
/// dark module in one `<path>`, one unit per module, so it scales to any size without blurring.
public enum QRCodeSVG {
    /// The light margin the standard asks for around the symbol, in modules (§6.3.8).
    public static let quietZone = 4

    /// The SVG for `code`, drawn `pixelsPerModule` pixels per module when shown at its natural size.
    public static func render(_ code: QRCode, pixelsPerModule: Int = 8) -> String {
        precondition(pixelsPerModule > 0, "a module needs at least one pixel")
        let side = code.size + 2 * quietZone
        let pixels = side * pixelsPerModule
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(side) \(side)" width="\(pixels)" height="\(pixels)" \
            shape-rendering="crispEdges"><rect width="\(side)" height="\(side)" fill="#fff"/><path fill="#000" d="
            """
        svg += darkModulesPath(code)
        svg += "\"/></svg>\n"
        return svg
    }

    /// Each horizontal run of dark modules as one rectangle `M x y h w v1 h -w z`, in quiet-zone
    /// coordinates: a run costs as much as a single module.
    static func darkModulesPath(_ code: QRCode) -> String {
        var path = ""
        for row in 0..<code.size {
            var column = 0
            while column < code.size {
                guard code[row, column] else {
                    column += 1
                    continue
                }
                let start = column
                while column < code.size && code[row, column] { column += 1 }
                let width = column - start
                path += "M\(start + quietZone) \(row + quietZone)h\(width)v1h-\(width)z"
            }
        }
        return path
    }
}
