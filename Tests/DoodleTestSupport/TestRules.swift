import Foundation

/// The GameRules folders test servers run on: a copy of the shipped one (word packs,
/// blocklists, rules.json) with rules.json edited.
///
/// Every test client connects from 127.0.0.1, so `limits.connectionsPerAddress` (20 shipped)
/// would refuse the 21st client of a test that races 20 joiners or fills five rooms at once:
/// test servers allow `connectionsPerAddress` unless a test sets its own (the connection-limit
/// tests set the shipped 20 back).
public enum TestRules {
    public static let connectionsPerAddress = 10_000

    /// The shipped folder.
    public static var shippedFolder: String { TestServer.repositoryRoot + "/GameRules" }

    /// Writes the copy into `scratch` and returns its path: the test servers' own change first,
    /// then `edit`.
    public static func folder(in scratch: URL, edit: ((inout [String: Any]) -> Void)? = nil) throws -> String {
        let source = shippedFolder
        let folder = scratch.appendingPathComponent("GameRules")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for subfolder in ["words", "blocklists"] where FileManager.default.fileExists(atPath: source + "/" + subfolder) {
            try FileManager.default.copyItem(atPath: source + "/" + subfolder, toPath: folder.appendingPathComponent(subfolder).path)
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: source + "/rules.json"))
        guard var json = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { throw TestServerError.badRules }
        var limits = json["limits"] as? [String: Any] ?? [:]
        limits["connectionsPerAddress"] = connectionsPerAddress
        json["limits"] = limits
        edit?(&json)
        try JSONSerialization.data(withJSONObject: json).write(to: folder.appendingPathComponent("rules.json"))
        return folder.path
    }

    /// Runs `body` with such a folder in a scratch folder of its own, removed afterwards.
    public static func withFolder<T>(edit: ((inout [String: Any]) -> Void)? = nil, _ body: (String) async throws -> T) async throws -> T {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("doodle-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        return try await body(try folder(in: scratch, edit: edit))
    }
}
