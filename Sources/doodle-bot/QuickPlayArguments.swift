import ArgumentParser
import DoodleBot

/// The options of `--quick-play`, and the word pack the bots know (which every mode uses).
struct QuickPlayArguments: ParsableArguments {
    @Flag(help: "Each bot sends quickPlay and plays in whatever public room the server seats it; public rooms start on their own.")
    var quickPlay = false

    @Option(help: "The word pack (GameRules/words/<pack>.txt under --rules) the bots guess from; with --quick-play also the pack asked for.")
    var wordPack = "en"

    @Option(help: "With --quick-play: seconds after which the run stops; a bot still waiting (alone in a room) then fails.")
    var quickPlayTimeLimit = 3600

    /// The run's mode when `--quick-play` is given.
    var mode: BotOptions.Mode {
        .quickPlay(QuickPlayOptions(wordPack: wordPack, timeLimit: .seconds(quickPlayTimeLimit)))
    }
}
