/// How many pixels of each colour some pictures have: what a GIF's palette is made from.
struct ColorHistogram {
    private(set) var counts: [UInt32: Int] = [:]

    mutating func add(_ image: PixelImage) {
        // Drawings are mostly long runs of one colour: count a run at a time.
        guard var current = image.pixels.first else { return }
        var run = 0
        for pixel in image.pixels {
            if pixel == current {
                run += 1
            } else {
                counts[current, default: 0] += run
                current = pixel
                run = 1
            }
        }
        counts[current, default: 0] += run
    }
}
