import ArgumentParser
import DoodleLoad

/// The options of `doodle-load --quick-play`. `--players` and `--rate` already mean players per
/// room and drawing messages per second, so the arrivals have names of their own.
struct QuickPlayArguments: ParsableArguments {
    @Flag(help: "Quick play: --arrivals strangers arrive --arrival-rate per second, each quick-plays and stays seated; time to seat, rooms made, lost events.")
    var quickPlay = false
    @Option(help: "Quick play: players in all.") var arrivals = 2000
    @Option(help: "Quick play: arrivals per second.") var arrivalRate = 200
    @Option(help: "Quick play: the word pack asked for (default: the server's).") var wordPack: String?
    @Option(help: "Quick play: seconds everyone stays seated after the last arrival, counting room events.") var quickHold = 10
    @Option(help: "Quick play: the share of rooms (0–1) whose players close their tabs once its game is under way; newcomers must never be seated there.")
    var abandon = 0.0

    var configuration: QuickPlayLoadConfiguration {
        QuickPlayLoadConfiguration(players: arrivals, rate: arrivalRate, wordPack: wordPack, holdSeconds: quickHold, abandon: abandon)
    }
}
