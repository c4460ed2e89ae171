import AsyncHTTPClient
import DoodleClient
import Foundation
import Histogram
import Logging
import NIOCore

/// `doodle-load --telephone`: `rooms` telephone rooms of `players` play one game each at once,
/// start to end. Measures the steps completed, the reveal's size, how long each revealed entry
/// took to reach the last member of its room, the server's CPU per game, and checks every
/// frame before each reveal for another chain's content (a leak).
public struct TelephoneLoad: Sendable {
    public let configuration: TelephoneLoadConfiguration
    public let url: String
    public let probe: (@Sendable () -> ProcessSample?)?
    public let logger: Logger

    public init(configuration: TelephoneLoadConfiguration, url: String, probe: (@Sendable () -> ProcessSample?)?, logger: Logger) {
        self.configuration = configuration
        self.url = url
        self.probe = probe
        self.logger = logger
    }

    public func run() async -> TelephoneLoadResult {
        let before = probe?()
        let start = ContinuousClock.now
        let codes = RoomCodeBoard()
        let http = HTTPClient(
            eventLoopGroupProvider: .singleton,
            configuration: .init(connectionPool: .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 64)))
        let rooms = await withTaskGroup(of: (Int, [TelephonePlayerOutcome]).self) { group in
            for room in 0..<configuration.rooms {
                group.addTask { [configuration, url, logger] in
                    let outcomes = await withTaskGroup(of: TelephonePlayerOutcome.self) { players in
                        for seat in 0..<configuration.players {
                            let player = TelephonePlayer(
                                room: room, seat: seat, url: url, configuration: configuration, codes: codes, http: http, logger: logger)
                            players.addTask { await player.run() }
                        }
                        var outcomes: [TelephonePlayerOutcome] = []
                        for await outcome in players { outcomes.append(outcome) }
                        return outcomes.sorted { $0.seat < $1.seat }
                    }
                    return (room, outcomes)
                }
            }
            var rooms: [(Int, [TelephonePlayerOutcome])] = []
            for await room in group { rooms.append(room) }
            return rooms.sorted { $0.0 < $1.0 }.map(\.1)
        }
        let after = probe?()
        try? await http.shutdown()
        return TelephoneLoadResult(
            configuration: configuration, rooms: rooms, elapsed: ContinuousClock.now - start,
            serverCPUSeconds: after.flatMap { after in before.map { after.cpuSeconds - $0.cpuSeconds } },
            serverPeakResidentBytes: after?.peakResidentBytes)
    }

    static func httpBase(of webSocketURL: String) -> String {
        WidgetPolling.httpBase(of: webSocketURL)
    }
}
