import ChildProcessSupport
import DoodleCore
import Foundation

/// Reads symbols back with `zbarimg` from Debian's zbar-tools, an independent QR decoder: the
/// symbol is drawn into a PBM file (one of the formats its image library reads) and decoded.
struct ZBarReader {
    let executable: URL

    /// zbarimg on PATH, or nil when zbar-tools is not installed.
    static func locate() -> ZBarReader? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("zbarimg")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return ZBarReader(executable: candidate) }
        }
        return nil
    }

    /// What zbarimg reads from `code`, byte for byte.
    func decode(_ code: QRCode) throws -> [UInt8] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("doodle-qr-\(UUID().uuidString).pbm")
        try Data(Self.portableBitmap(code).utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let output = Pipe()
        let errors = Pipe()
        // QR only, no charset conversion, no D-Bus chatter.
        let process = try SpawnedProcess(
            executable: executable.path, arguments: ["--raw", "-q", "--nodbus", "-Sdisable", "-Sqrcode.enable", file.path],
            outputDescriptor: output.fileHandleForWriting.fileDescriptor, errorDescriptor: errors.fileHandleForWriting.fileDescriptor)
        try output.fileHandleForWriting.close()
        try errors.fileHandleForWriting.close()
        // Small outputs, far below a pipe's buffer: reading one after the other cannot block.
        let decoded = output.fileHandleForReading.readDataToEndOfFile()
        let complaint = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.termination == .exited(code: 0) else {
            throw ZBarError(status: process.termination.map { "\($0)" } ?? "running", message: String(decoding: complaint, as: UTF8.self))
        }
        // --raw ends the symbol's data with one newline.
        var bytes = [UInt8](decoded)
        if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        return bytes
    }

    /// The symbol as a plain PBM (P1): 1 is black, four pixels per module, the quiet zone included.
    static func portableBitmap(_ code: QRCode, pixelsPerModule: Int = 4) -> String {
        let quietZone = QRCodeSVG.quietZone
        let side = (code.size + 2 * quietZone) * pixelsPerModule
        var text = "P1\n\(side) \(side)\n"
        text.reserveCapacity(side * (side + 1) + 16)
        for y in 0..<side {
            let row = y / pixelsPerModule - quietZone
            for x in 0..<side {
                let column = x / pixelsPerModule - quietZone
                let dark = (0..<code.size).contains(row) && (0..<code.size).contains(column) && code[row, column]
                text += dark ? "1" : "0"
            }
            text += "\n"
        }
        return text
    }
}

/// zbarimg found no symbol (exit status 4) or failed.
struct ZBarError: Error, CustomStringConvertible {
    let status: String
    let message: String

    var description: String { "zbarimg ended \(status): \(message)" }
}
