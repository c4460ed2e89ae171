import DoodleTestSupport
import Foundation
import Testing

/// `GET /v1/word-packs` on a live server with the repository's own GameRules folder.
@Suite("HTTP word-pack route")
struct WordPackRoutesTests {
    private struct Listed: Decodable, Equatable {
        var id: String
        var name: String
        var words: Int
    }

    /// What the listing should say, worked out from the files themselves rather than through
    /// the server's loader: the file name, the first line's `# name:`, the lines that are words.
    private func expectedListing() throws -> [Listed] {
        let folder = TestServer.repositoryRoot + "/GameRules/words"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".txt") }
        return try files.map { file in
            let lines = try String(contentsOfFile: folder + "/" + file, encoding: .utf8).split(whereSeparator: \.isNewline)
            let id = String(file.dropLast(".txt".count))
            let header = lines.first.flatMap { $0.hasPrefix("# name: ") ? String($0.dropFirst("# name: ".count)) : nil }
            let words = lines.filter { !$0.hasPrefix("#") && !$0.allSatisfy(\.isWhitespace) }.count
            return Listed(id: id, name: header ?? id, words: words)
        }.sorted { $0.id < $1.id }
    }

    @Test("lists every shipped pack, sorted by id, with its own name and its word count")
    func listsTheShippedPacks() async throws {
        let expected = try expectedListing()
        try await TestServer.with { server in
            let answer = try await server.call("GET", "/v1/word-packs")
            #expect(answer.status == 200)
            #expect(answer.contentType?.hasPrefix("application/json") == true)
            let listed = try JSONDecoder().decode([Listed].self, from: answer.body)
            #expect(listed == expected)
            let names = Dictionary(uniqueKeysWithValues: listed.map { ($0.id, $0.name) })
            #expect(names["en"] == "English")
            #expect(names["pt"] == "Português")
            #expect(names["nl"] == "Nederlands")
            #expect(names["pl"] == "Polski")
        }
    }
}
