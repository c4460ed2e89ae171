import ArgumentParser
import DoodleBot
import DoodleCore
import Logging

/// `doodle-bot`: bots that create or join rooms and play them to the end.
@main
struct DoodleBotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doodle-bot",
        abstract: "Bots that play Doodle: create, join or quick-play rooms and play whole games, or play pairs.",
        discussion: """
            Exits 0 when every room's game ended and no bot saw a protocol violation (a seq gap, \
            a missing seq, an undecodable message, the word reaching a guesser; with --strict any \
            error message too), non-zero otherwise.

            With --quick-play: --count bots each send quickPlay (with --word-pack) and play in the \
            public rooms the server seats them in; those rooms start on their own. Each bot leaves \
            after the first game end it sees, and the run ends when all have (or after \
            --quick-play-time-limit, failing the bots still waiting). One summary per room.

            With --telephone (and --create or --quick-play): telephone rooms. The bots write short \
            sentences from their vocabulary, draw a prompt's sketch when they have one for a word \
            of it, and describe a drawing they cannot see with a word of their vocabulary (the \
            summary lists those words); the owner moves the reveal on. Another player's strokes \
            reaching a bot before the reveal is a violation.

            With --pair N: N pairs, each a creator that opens its pair code and a partner that \
            joins with it; they send each other --drawings drawings, guess them, go offline now \
            and then, and unpair. Exits non-zero on any error message, seq gap, undecodable \
            message, word reaching its recipient before it guessed or gave up, or drawing \
            acknowledged to its sender and never delivered to its partner.
            """)

    @Option(help: "The server: ws://HOST:PORT (the /v1/ws path is added when missing).")
    var server = "ws://127.0.0.1:8080"

    @Option(help: "Where joining bots connect first, e.g. another node of a cluster (they follow its redirect); default: --server.")
    var joinServer: String?

    @Flag(help: "One bot per room creates it and prints the invite code; the others join; the creator starts.")
    var create = false

    @Option(help: "Join the room with this invite code and play once its owner starts.")
    var join: String?

    @Flag(help: "With --join: --count bots watch the room as spectators until its game ends, printing what they see; fails if the word reaches them before a turn ends.")
    var spectate = false

    @Option(
        parsing: .upToNextOption,
        help: "Room settings for --create, as key=value (\(SettingsArguments.knownKeys.joined(separator: ", "))); customWords is a comma list.")
    var settings: [String] = []

    @Flag(help: "With --create or --quick-play: telephone rooms (chains of drawing and describing) instead of party rooms.")
    var telephone = false

    @Option(help: "Play this many pairs of bots in pair mode (instead of --create or --join).")
    var pair: Int?

    @Option(help: "With --pair: drawings each bot sends.")
    var drawings = 3

    @Option(help: "With --pair: chance, after each drawing acknowledged, that the bot goes offline for a while.")
    var offlineChance = 0.3

    @Option(help: "With --pair: seconds after which a pair still playing fails.")
    var timeLimit = 300

    @OptionGroup(title: "Quick play")
    var quickPlay: QuickPlayArguments

    @Option(help: "Bots per room (with --quick-play: bots in all).")
    var count = 4

    @Option(help: "Independent rooms of --count bots each, played concurrently (--create only; refused with --quick-play).")
    var rooms = 1

    @Option(help: "Chance (0...1), per guessing attempt, of guessing a word that fits the hint.")
    var skill = 0.6

    @Option(help: "Chance (0...1) of liking a drawing after guessing it (react).")
    var liking = 0.5

    @Option(help: "Seed for every choice the bots make (word picks, guesses, delays).")
    var seed: UInt64?

    @Option(help: "Divides every delay of the bots (not the server's timers), 0.01–1000: 10 plays ten times faster.")
    var speed = 1.0

    @Flag(help: "Treat every error message from the server as fatal.")
    var strict = false

    @Flag(help: "Print the results as JSON on stdout (progress goes to stderr).")
    var json = false

    @Option(help: "GameRules folder whose word pack (--word-pack) the guessers know.")
    var rules = "./GameRules"

    @Option(help: "A file of words (one per line) the guessers expect, e.g. the room's custom words.")
    var dictionary: String?

    @Option(help: "Bots are named <name>1, <name>2, …")
    var name = "Bot"

    @Option(help: "trace, debug, info, notice, warning, error or critical (diagnostics on stderr).")
    var logLevel = "warning"

    func validate() throws {
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be one of: \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard [create, join != nil, pair != nil, quickPlay.quickPlay].filter({ $0 }).count == 1 else {
            throw ValidationError("give exactly one of --create, --join CODE, --pair N and --quick-play")
        }
        if quickPlay.quickPlay && !settings.isEmpty {
            throw ValidationError("--settings only works with --create: quick play's rooms take the server's publicRoom settings")
        }
        if join != nil && !settings.isEmpty { throw ValidationError("--settings only works with --create") }
        if telephone && (pair != nil || join != nil) {
            throw ValidationError("--telephone works with --create and --quick-play (a joining bot plays whatever room it joins)")
        }
        if spectate && join == nil && !quickPlay.quickPlay {
            throw ValidationError("--spectate needs --join CODE or --quick-play: watchers join a room that exists")
        }
        do throws(BotOptionsError) {
            if pair != nil {
                try pairOptions(vocabulary: BotVocabulary(pack: [])).validate()
            } else {
                try options(vocabulary: BotVocabulary(pack: [])).validate()
            }
        } catch {
            throw ValidationError(error.message)
        }
    }

    func run() async throws {
        let level = Logger.Level(rawValue: logLevel) ?? .warning
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "doodle-bot")
        let vocabulary: BotVocabulary
        let options: BotOptions
        do {
            vocabulary = try BotVocabulary.load(rulesFolder: rules, packName: quickPlay.wordPack, dictionaryFile: dictionary)
            options = try self.options(vocabulary: vocabulary)
        } catch let error as BotOptionsError {
            throw ValidationError(error.message)
        }
        let progressOutput = json ? OutputSink.standardError : OutputSink.standardOutput
        if spectate {
            let target = join.map(WatchTarget.code) ?? .quickPlay(wordPack: quickPlay.wordPack)
            return try await watch(target, output: progressOutput, logger: logger)
        }
        if pair != nil {
            let report = try await PairRunner.run(try pairOptions(vocabulary: vocabulary), logger: logger) { event in
                progressOutput.write(line: PairReportFormatter.line(for: event))
            }
            OutputSink.standardOutput.write(line: json ? try PairReportFormatter.json(report) : PairReportFormatter.summary(report))
            if !report.succeeded { throw ExitCode.failure }
            return
        }
        let report = try await BotRunner.run(options, logger: logger) { event in
            progressOutput.write(line: BotReportFormatter.line(for: event))
        }
        if json {
            OutputSink.standardOutput.write(line: try BotReportFormatter.json(report))
        } else {
            OutputSink.standardOutput.write(line: BotReportFormatter.summary(report))
        }
        if !report.succeeded { throw ExitCode.failure }
    }

    /// `--spectate`: exits non-zero unless every watcher saw the game end cleanly.
    private func watch(_ target: WatchTarget, output: OutputSink, logger: Logger) async throws {
        let reports: [WatchReport]
        do {
            reports = try await WatchRunner.run(server: server, target: target, count: count, namePrefix: name, logger: logger) { line in
                output.write(line: line)
            }
        } catch {
            throw ValidationError(error.message)
        }
        for report in reports {
            let problems = report.violations.map(\.description) + [report.failure].compactMap { $0 }
            let outcome = report.succeeded ? "ok" : problems.isEmpty ? "the game did not end" : problems.joined(separator: "; ")
            OutputSink.standardOutput.write(line: "\(report.name): watched \(report.turnsWatched) turns: \(outcome)")
        }
        if !reports.allSatisfy(\.succeeded) { throw ExitCode.failure }
    }

    private func pairOptions(vocabulary: BotVocabulary) throws(BotOptionsError) -> PairRunOptions {
        let explicitName = name == "Bot" ? "Pair" : name
        return PairRunOptions(
            server: server, pairs: pair ?? 1, drawings: drawings, skill: skill, seed: seed, speed: speed, offlineChance: offlineChance,
            namePrefix: explicitName, timeLimit: .seconds(timeLimit), vocabulary: vocabulary)
    }

    private func options(vocabulary: BotVocabulary) throws(BotOptionsError) -> BotOptions {
        var mode = BotOptions.Mode.create(SettingsPatch())
        if quickPlay.quickPlay {
            mode = quickPlay.mode
        } else if let join {
            mode = .join(code: join)
        } else {
            mode = .create(try SettingsArguments.parse(settings))
        }
        return BotOptions(
            server: server, mode: mode, count: count, rooms: rooms, skill: skill, seed: seed, speed: speed, strict: strict,
            vocabulary: vocabulary, namePrefix: name, joinServer: joinServer, liking: liking, roomMode: telephone ? .telephone : .party)
    }
}
