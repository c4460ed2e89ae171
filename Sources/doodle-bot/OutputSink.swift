import Foundation

/// Where the program's own output goes. Progress and results are the program's output, not
/// diagnostics, so they are written as plain lines rather than logged.
struct OutputSink: Sendable {
    private let handle: FileHandle

    static let standardOutput = OutputSink(handle: .standardOutput)
    static let standardError = OutputSink(handle: .standardError)

    /// Writes `line` and a newline in one write, so lines from concurrent rooms do not interleave.
    func write(line: String) {
        handle.write(Data((line + "\n").utf8))
    }
}
