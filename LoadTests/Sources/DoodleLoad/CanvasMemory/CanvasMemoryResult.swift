import Foundation

/// The server's resident memory before and after the rooms of a `CanvasMemory` run drew.
public struct CanvasMemoryResult: Sendable, Codable {
    public var configuration: CanvasMemory.Configuration
    /// The server's RSS before any room was opened.
    public var startResidentBytes: Int
    /// With every room open in its drawing phase, canvases empty.
    public var emptyRoomsResidentBytes: Int
    /// With every canvas drawn.
    public var drawnResidentBytes: Int
    /// Points each room's `roomState` showed after drawing, fewest first.
    public var pointsPerRoom: [Int]

    /// What a room's drawing added to the server's RSS.
    public var drawingBytesPerRoom: Double {
        Double(drawnResidentBytes - emptyRoomsResidentBytes) / Double(configuration.rooms)
    }

    /// What an open room with its two connections cost before anything was drawn.
    public var emptyRoomBytes: Double {
        Double(emptyRoomsResidentBytes - startResidentBytes) / Double(configuration.rooms)
    }

    public var text: String {
        let c = configuration
        let fewest = pointsPerRoom.first ?? 0
        return [
            "== Canvas memory ==",
            "\(c.rooms) rooms drawing at once, \(c.points) points each in messages of \(c.pointsPerMessage) points, "
                + "\(c.messagesPerStroke) messages a stroke, \(c.messagesPerSecond) messages/s per drawer",
            "points per room after drawing (roomState): fewest \(fewest), most \(pointsPerRoom.last ?? 0)"
                + (fewest == c.points ? "" : "  (SOME POINTS WERE REFUSED)"),
            String(format: "server RSS: %.1f MiB at the start, %.1f MiB with the rooms open, %.1f MiB with the canvases drawn",
                mib(startResidentBytes), mib(emptyRoomsResidentBytes), mib(drawnResidentBytes)),
            String(format: "per room: %.1f KB open with an empty canvas, **%.1f KB added by its %d-point drawing** (%.2f bytes a point)",
                emptyRoomBytes / 1000, drawingBytesPerRoom / 1000, c.points, drawingBytesPerRoom / Double(max(c.points, 1))),
        ].joined(separator: "\n") + "\n"
    }

    private func mib(_ bytes: Int) -> Double { Double(bytes) / 1_048_576 }
}
