import DoodleLoad
import Foundation

/// The GameRules folder of the servers `doodle-load` starts: the `--rules` folder as it is, but
/// for `limits.connectionsPerAddress`. Every load client connects from 127.0.0.1, and the shipped
/// limit (20 WebSocket connections per address) is for strangers on the internet, not for one
/// machine standing in for thousands of players.
enum LoadRules {
    static let connectionsPerAddress = 1_000_000

    /// Writes the folder into `scratch`: the word packs and blocklists linked, rules.json edited.
    static func folder(copying source: String, into scratch: URL) throws -> String {
        let folder = scratch.appendingPathComponent("GameRules")
        let files = FileManager.default
        do {
            try files.createDirectory(at: folder, withIntermediateDirectories: true)
            for linked in ["words", "blocklists"] where files.fileExists(atPath: source + "/" + linked) {
                let target = URL(fileURLWithPath: source).appendingPathComponent(linked).standardizedFileURL.path
                try files.createSymbolicLink(atPath: folder.appendingPathComponent(linked).path, withDestinationPath: target)
            }
            let data = try Data(contentsOf: URL(fileURLWithPath: source + "/rules.json"))
            guard var rules = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw LoadError.setupFailed("\(source)/rules.json is not a JSON object")
            }
            var limits = rules["limits"] as? [String: Any] ?? [:]
            limits["connectionsPerAddress"] = connectionsPerAddress
            rules["limits"] = limits
            try JSONSerialization.data(withJSONObject: rules).write(to: folder.appendingPathComponent("rules.json"))
        } catch let error as LoadError {
            throw error
        } catch {
            throw LoadError.setupFailed("cannot prepare the server's rules from \(source): \(error)")
        }
        return folder.path
    }
}
