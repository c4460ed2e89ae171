import Foundation

/// Writes the JSON report and the Markdown summary.
public enum ReportFiles {
    public static func writeJSON(_ report: some Encodable, to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try write(try encoder.encode(report), to: path)
    }

    public static func writeMarkdown(_ report: LoadReport, to path: String) throws {
        try write(Data(ReportText.markdown(report).utf8), to: path)
    }

    private static func write(_ data: Data, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
    }
}
