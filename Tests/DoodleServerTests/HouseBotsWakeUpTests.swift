import DoodleBot
import DoodleCore
import Testing

@testable import DoodleServer

@Suite("House bots wake the room when their message is due")
struct HouseBotsWakeUpTests {
    /// The brain keeps its times to the attosecond; the room's clock counts milliseconds. A
    /// wake-up rounded down came a fraction of a millisecond early, found nothing due, and the
    /// room, which arms one sleeper per instant, never woke again (a live test froze there).
    @Test("at the instant nextWakeUp names, the drawer bot's word choice is due", arguments: 0..<20)
    func choiceIsDueAtItsWakeUp(seat: Int) {
        let bot = "p_bot\(seat)"
        var bots = HouseBots { _ in BotVocabulary(pack: ["apple", "pear", "plum"]) }
        let seatedAt: Int64 = 1_700_000_000_000 + Int64(seat) * 7
        bots.seat(bot, name: "Pixel", wordPack: "en", now: seatedAt)
        bots.deliver(.event(.phaseChoosing(round: 1, drawerId: bot, deadline: seatedAt + 15_000), seq: 1), to: bot, now: seatedAt)
        bots.deliver(.chooseWord(choices: ["apple", "pear", "plum"]), to: bot, now: seatedAt)
        guard let wakeUp = bots.nextWakeUp else {
            Issue.record("the drawer bot has nothing to do")
            return
        }
        let due = bots.due(at: wakeUp)
        #expect(due.map(\.message.typeName) == ["chooseWord"])
    }
}
