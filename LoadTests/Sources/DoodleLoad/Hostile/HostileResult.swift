/// Everything the hostile soak measured, and its verdict.
public struct HostileResult: Sendable, Codable, Equatable {
    public struct Settings: Sendable, Codable, Equatable {
        public var connections: Int
        public var frames: Int
        public var breakers: Int
        public var seatedRooms: Int
        public var roomSize: Int
        public var seatedRate: Int
        public var p99Bound: Double
        public var welcomeBound: Double
        public var memoryReturnBound: Int

        init(_ configuration: HostileSoak.Configuration) {
            connections = configuration.connections
            frames = configuration.frames
            breakers = configuration.breakers
            seatedRooms = configuration.seatedRooms
            roomSize = configuration.roomSize
            seatedRate = configuration.seatedRate
            p99Bound = configuration.p99Bound
            welcomeBound = configuration.welcomeBound
            memoryReturnBound = configuration.memoryReturnBound
        }
    }

    public var configuration: Settings
    /// How long the hostile traffic ran.
    public var seconds: Double
    public var framesByKind: [String: Int]
    public var setupFrames: Int
    public var errorsByCode: [String: Int]
    public var closesByCode: [String: Int]
    public var closeCauses: [String: [String]]
    public var notClosed: [String: Int]
    public var seatedClosed: [String: Int]
    public var connections: Int
    public var failedConnections: [String]
    public var violations: [String]
    public var playingRoom: PlayingRoomResult
    /// hello→welcome of new clients after the soak, ms; nil for a client that was not served.
    public var welcomeMilliseconds: [Double?]
    public var memory: MemoryFigures?
    public var serverAlive: Bool?

    init(
        configuration: Settings, seconds: Double, counts: HostileTally.Counts, playingRoom: PlayingRoomResult, welcomeMilliseconds: [Double?],
        memory: MemoryFigures?, serverAlive: Bool?
    ) {
        self.configuration = configuration
        self.seconds = seconds
        framesByKind = Dictionary(uniqueKeysWithValues: counts.framesByKind.map { ($0.key.rawValue, $0.value) })
        setupFrames = counts.setupFrames
        errorsByCode = counts.errorsByCode
        closesByCode = counts.closesByCode
        closeCauses = counts.closeCauses.mapValues { $0.sorted() }
        notClosed = counts.notClosed
        seatedClosed = counts.seatedClosed
        connections = counts.connections
        failedConnections = counts.failedConnections
        violations = counts.violations
        self.playingRoom = playingRoom
        self.welcomeMilliseconds = welcomeMilliseconds
        self.memory = memory
        self.serverAlive = serverAlive
    }

    public var hostileFrames: Int { framesByKind.values.reduce(0, +) }

    /// The median hello→welcome of the new clients, nil if none was served.
    public var welcomeMedian: Double? {
        let served = welcomeMilliseconds.compactMap { $0 }.sorted()
        return served.isEmpty ? nil : served[served.count / 2]
    }

    /// Close codes the contract does not name, with the shot that led to each.
    public var closeCodeViolations: [String] { violations.filter { !$0.hasPrefix("error internal") } }

    /// The criteria that hold on any machine (asserted by the in-process test too): the server
    /// lives and serves, never answers `internal`, and the playing room loses nothing; and,
    /// `includingCloseCodes`, closes only with the codes the contract names.
    public func qualitativeFailures(includingCloseCodes: Bool = true) -> [String] {
        var failures: [String] = []
        if serverAlive == false { failures.append("the server process died") }
        if let internalCount = errorsByCode["internal"] { failures.append("\(internalCount) answers `internal`") }
        if includingCloseCodes { failures += closeCodeViolations.map { "outside the contract: \($0)" } }
        if !playingRoom.isClean { failures.append("the playing room: \(playingRoom.summary)") }
        if welcomeMilliseconds.contains(where: { $0 == nil }) { failures.append("a new client was not served after the soak") }
        return failures
    }

    /// Every criterion of the verdict that failed.
    public var failures: [String] {
        var failures = qualitativeFailures()
        if !failedConnections.isEmpty { failures.append("hostile connections or rooms failed to open: \(failedConnections.joined(separator: "; "))") }
        if hostileFrames < configuration.frames {
            failures.append("only \(hostileFrames) of \(configuration.frames) hostile frames sent in time")
        }
        if playingRoom.latency.p99 >= configuration.p99Bound {
            failures.append("playing room p99 \(playingRoom.latency.p99) ms (bound \(configuration.p99Bound) ms)")
        }
        if let median = welcomeMedian, median >= configuration.welcomeBound {
            failures.append("new client hello→welcome median \(median) ms (bound \(configuration.welcomeBound) ms)")
        }
        if let memory, memory.endBytes - memory.startBytes >= configuration.memoryReturnBound {
            failures.append("server RSS ended \((memory.endBytes - memory.startBytes) / 1_000_000) MB above its start (bound \(configuration.memoryReturnBound / 1_000_000) MB)")
        }
        return failures
    }

    public var passed: Bool { failures.isEmpty }
}
