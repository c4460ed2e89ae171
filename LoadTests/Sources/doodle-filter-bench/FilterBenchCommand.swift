import ArgumentParser
import BenchSupport
import DoodleCore
import Foundation

/// `doodle-filter-bench`: what the chat filter costs. Chat lines of the shipped word packs' words
/// (one in `--blocked-every` holding a blocked term) are masked with the shipped blocklists'
/// union, as a room with `settings.filter` does for every chat line, and compared with the guess
/// normalisation of the same lines, which every guess pays anyway — so the figure is a ratio that
/// holds on any machine (docs/performance.md, "Chat filter").
@main
struct FilterBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doodle-filter-bench",
        abstract: "Chat lines masked per CPU second, against the guess normalisation of the same lines.")

    @Option(help: "The GameRules folder (word packs and blocklists).") var rules = "./GameRules"
    @Option(help: "Chat lines per round.") var lines = 20_000
    @Option(help: "Words per chat line.") var words = 6
    @Option(help: "One line in this many holds a blocked term.") var blockedEvery = 10
    @Option(help: "Rounds; each masks and normalises every line once.") var rounds = 9

    func validate() throws {
        guard (100...1_000_000).contains(lines), (1...40).contains(words) else { throw ValidationError("--lines 100–1000000, --words 1–40") }
        guard blockedEvery >= 1, (1...1_000).contains(rounds) else { throw ValidationError("--blocked-every ≥ 1, --rounds 1–1000") }
    }

    func run() throws {
        let (_, packs, blocklist) = try RulesLoader.load(folder: rules)
        let corpus = try chatLines(packs: packs)
        writeFigures("\(corpus.count) chat lines of \(words) words from \(packs.count) packs, one in \(blockedEvery) with a blocked term; "
            + "blocklist union of \(blocklist.count) terms; \(rounds) rounds; one thread\n")
        var maskRates: [Double] = []
        var normaliseRates: [Double] = []
        var masked = 0
        for _ in 0..<rounds {
            normaliseRates.append(ThreadCPUTime.rate(count: corpus.count) { index in _ = GuessNormalizer.normalize(corpus[index]) })
            masked = 0
            maskRates.append(ThreadCPUTime.rate(count: corpus.count) { index in masked += blocklist.masked(corpus[index]).maskedWords > 0 ? 1 : 0 })
        }
        let mask = median(maskRates)
        let normalise = median(normaliseRates)
        writeFigures(
            "masking: \(Int(mask)) lines/CPU-s (\(String(format: "%.2f", 1e6 / mask)) µs a line), \(masked) lines masked; "
                + "guess normalisation: \(Int(normalise)) lines/CPU-s; masking costs \(String(format: "%.2f", normalise / mask))× "
                + "the normalisation; rounds' spread \(Int(maskRates.min() ?? 0))–\(Int(maskRates.max() ?? 0))\n")
    }

    /// Lines of random pack words, seeded so every run measures the same text.
    private func chatLines(packs: [String: WordPack]) throws -> [String] {
        let vocabulary = packs.keys.sorted().flatMap { packs[$0]?.words ?? [] }
        let blocked = try blockedTerms()
        guard !vocabulary.isEmpty, !blocked.isEmpty else { throw ValidationError("\(rules) has no words or no blocklist terms") }
        var random = SeededRandom(seed: 7)
        return (0..<lines).map { line in
            var parts = (0..<words).map { _ in vocabulary[Int(random.next() % UInt64(vocabulary.count))] }
            if line % blockedEvery == 0 { parts[Int(random.next() % UInt64(parts.count))] = blocked[line / blockedEvery % blocked.count] }
            return parts.joined(separator: " ")
        }
    }

    /// The terms of the shipped lists as written, to put into lines.
    private func blockedTerms() throws -> [String] {
        let folder = rules + "/blocklists"
        return try FileManager.default.contentsOfDirectory(atPath: folder).sorted().filter { $0.hasSuffix(".txt") }.flatMap { name in
            try String(contentsOfFile: folder + "/" + name, encoding: .utf8).split(separator: "\n").map {
                $0.trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        }
    }
}
