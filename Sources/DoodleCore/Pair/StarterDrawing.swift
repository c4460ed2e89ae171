/// What `GET /v1/me/latest-received` shows before a partner has sent anything: a small sun
/// smiling over a hill with a flower, so a widget is never blank. Plain canvas items (as
/// `roomState.strokes` lists them) on the 1600 × 1200 canvas, so every renderer that draws a
/// pair drawing draws this too. Fills come after the outline they fill and before what is
/// drawn on top of them, as a player would draw it.
public enum StarterDrawing {
    public static let items: [CanvasItem] = [
        // The hill.
        pen(
            1, "#3c9d4e", width: 12,
            [
                0, 960, 68, 934, 136, 911, 204, 890, 272, 872, 340, 856, 407, 842, 475, 830,
                542, 821, 609, 814, 676, 810, 743, 807, 810, 808, 876, 810, 943, 815, 1009, 822,
                1075, 831, 1141, 843, 1207, 857, 1273, 873, 1338, 892, 1404, 913, 1469, 936, 1534, 962,
                1599, 990,
            ]),
        // Grass under it.
        .fill(FillAction(x: 800, y: 1120, color: "#9bd98f")),
        // The sun.
        pen(
            2, "#f0a500", width: 14,
            [
                1360, 300, 1358, 324, 1352, 348, 1341, 370, 1327, 390, 1310, 407, 1290, 421, 1268, 432,
                1244, 438, 1220, 440, 1196, 438, 1172, 432, 1150, 421, 1130, 407, 1113, 390, 1099, 370,
                1088, 348, 1082, 324, 1080, 300, 1082, 276, 1088, 252, 1099, 230, 1113, 210, 1130, 193,
                1150, 179, 1172, 168, 1196, 162, 1220, 160, 1244, 162, 1268, 168, 1290, 179, 1310, 193,
                1327, 210, 1341, 230, 1352, 252, 1358, 276, 1360, 300,
            ]),
        // Its face.
        .fill(FillAction(x: 1220, y: 300, color: "#ffd84d")),
        // Eight rays.
        pen(3, "#f0a500", width: 12, [1386, 369, 1442, 392]),
        pen(4, "#f0a500", width: 12, [1289, 466, 1312, 522]),
        pen(5, "#f0a500", width: 12, [1151, 466, 1128, 522]),
        pen(6, "#f0a500", width: 12, [1054, 369, 998, 392]),
        pen(7, "#f0a500", width: 12, [1054, 231, 998, 208]),
        pen(8, "#f0a500", width: 12, [1151, 134, 1128, 78]),
        pen(9, "#f0a500", width: 12, [1289, 134, 1312, 78]),
        pen(10, "#f0a500", width: 12, [1386, 231, 1442, 208]),
        // Left eye.
        pen(11, "#5a3a00", width: 16, [1170, 260, 1172, 268]),
        // Right eye.
        pen(12, "#5a3a00", width: 16, [1270, 260, 1272, 268]),
        // The smile.
        pen(
            13, "#5a3a00", width: 10,
            [
                1293, 334, 1285, 347, 1275, 358, 1263, 367, 1250, 374, 1235, 379, 1220, 380, 1205, 379,
                1190, 374, 1177, 367, 1165, 358, 1155, 347, 1147, 334,
            ]),
        // A stem.
        pen(
            14, "#3c9d4e", width: 10,
            [
                420, 880, 416, 860, 413, 839, 412, 817, 412, 795, 415, 772, 418, 749, 423, 725,
                430, 700,
            ]),
        // A leaf.
        pen(15, "#3c9d4e", width: 10, [416, 820, 399, 810, 384, 800, 372, 790, 362, 780, 355, 770, 350, 760]),
        // Five petals, each filled.
        pen(
            16, "#ff6fa8", width: 8,
            [
                460, 615, 458, 626, 451, 636, 441, 643, 430, 645, 419, 643, 409, 636, 402, 626,
                400, 615, 402, 604, 409, 594, 419, 587, 430, 585, 441, 587, 451, 594, 458, 604,
                460, 615,
            ]),
        .fill(FillAction(x: 430, y: 615, color: "#ffb3d1")),
        pen(
            17, "#ff6fa8", width: 8,
            [
                503, 646, 501, 657, 494, 667, 484, 674, 473, 676, 462, 674, 452, 667, 445, 657,
                443, 646, 445, 635, 452, 625, 462, 618, 473, 616, 484, 618, 494, 625, 501, 635,
                503, 646,
            ]),
        .fill(FillAction(x: 473, y: 646, color: "#ffb3d1")),
        pen(
            18, "#ff6fa8", width: 8,
            [
                486, 696, 484, 707, 477, 717, 467, 724, 456, 726, 445, 724, 435, 717, 428, 707,
                426, 696, 428, 685, 435, 675, 445, 668, 456, 666, 467, 668, 477, 675, 484, 685,
                486, 696,
            ]),
        .fill(FillAction(x: 456, y: 696, color: "#ffb3d1")),
        pen(
            19, "#ff6fa8", width: 8,
            [
                434, 696, 432, 707, 425, 717, 415, 724, 404, 726, 393, 724, 383, 717, 376, 707,
                374, 696, 376, 685, 383, 675, 393, 668, 404, 666, 415, 668, 425, 675, 432, 685,
                434, 696,
            ]),
        .fill(FillAction(x: 404, y: 696, color: "#ffb3d1")),
        pen(
            20, "#ff6fa8", width: 8,
            [
                417, 646, 415, 657, 408, 667, 398, 674, 387, 676, 376, 674, 366, 667, 359, 657,
                357, 646, 359, 635, 366, 625, 376, 618, 387, 616, 398, 618, 408, 625, 415, 635,
                417, 646,
            ]),
        .fill(FillAction(x: 387, y: 646, color: "#ffb3d1")),
        // The middle.
        pen(21, "#f0a500", width: 24, [430, 660, 432, 662]),
    ]

    private static func pen(_ strokeId: Int, _ color: String, width: Int, _ points: PointList) -> CanvasItem {
        .stroke(StrokeBegin(strokeId: strokeId, tool: .pen, color: color, width: width, points: points))
    }
}
