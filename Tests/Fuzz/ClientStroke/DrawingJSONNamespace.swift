/// Stands in for the server's `DrawingJSON` (Sources/DoodleServer/Codec/DrawingJSON.swift),
/// whose encoding half needs NIO: the decoding half under test only needs the namespace.
enum DrawingJSON {}
