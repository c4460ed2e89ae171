import Foundation

/// The report is the program's output, so it goes to standard output as is; diagnostics go
/// through the logger.
enum StandardOutput {
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
