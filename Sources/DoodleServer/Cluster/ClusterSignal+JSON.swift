import DoodleCore
import DoodleStorage

/// The JSON a signal travels as between nodes (``DatabaseClusterSignals``). Nodes of a cluster
/// run the same version; a signal a node cannot read is logged and dropped, and a caller waiting
/// on it gets its deadline's answer.
///
/// ```json
/// {"kind":"connected","player":"p_…","node":"n_…","at":1700000000000}
/// {"kind":"pairCall","callId":7,"from":"n_…","call":{"action":"guess","by":"p_…","drawingId":"…","text":"cat"}}
/// {"kind":"pairAnswer","callId":7,"answer":{"outcome":"gaveUp","word":"cat"}}
/// {"kind":"headsChanged","players":["p_…"]}
/// {"kind":"closeRoom","code":"K7PQ2M","reason":"spam"}
/// {"kind":"playerBanned","player":"p_…"}
/// {"kind":"drawingDeleted","drawingId":"d_…","pairId":"pr_…","players":["p_…"]}
/// {"kind":"deviceRevoked","player":"p_…","tokenHash":"9f86d0…"}
/// {"kind":"roomsReleased","node":"n_…"}
/// ```
extension ClusterSignal: Codable {
    private enum Key: String, CodingKey {
        case kind, player, node, at, callId, from, call, answer, players, code, reason, drawingId, pairId, tokenHash
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        switch try c.decode(String.self, forKey: .kind) {
        case "connected":
            self.init(
                .connected(
                    player: try c.decode(PlayerID.self, forKey: .player), nodeID: try c.decode(String.self, forKey: .node),
                    at: try c.decode(Int64.self, forKey: .at)))
        case "pairCall":
            self.init(
                .pairCall(
                    callID: try c.decode(UInt64.self, forKey: .callId), from: try c.decode(String.self, forKey: .from),
                    call: try c.decode(PairCall.self, forKey: .call)))
        case "pairAnswer":
            self.init(.pairAnswer(callID: try c.decode(UInt64.self, forKey: .callId), answer: try c.decode(PairCallAnswer.self, forKey: .answer)))
        case "headsChanged":
            self.init(.headsChanged(players: try c.decodeIfPresent([PlayerID].self, forKey: .players)))
        case "closeRoom":
            self.init(.closeRoom(code: try c.decode(String.self, forKey: .code), reason: try c.decode(String.self, forKey: .reason)))
        case "playerBanned":
            self.init(.playerBanned(player: try c.decode(PlayerID.self, forKey: .player)))
        case "drawingDeleted":
            self.init(
                .drawingDeleted(
                    drawingId: try c.decode(String.self, forKey: .drawingId), pairId: try c.decodeIfPresent(String.self, forKey: .pairId),
                    players: try c.decode([PlayerID].self, forKey: .players)))
        case "deviceRevoked":
            self.init(.deviceRevoked(player: try c.decode(PlayerID.self, forKey: .player), tokenHash: try c.decode(String.self, forKey: .tokenHash)))
        case "roomsReleased":
            self.init(.roomsReleased(nodeID: try c.decode(String.self, forKey: .node)))
        case let kind:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: c, debugDescription: "unknown signal kind '\(kind)'")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        switch body {
        case .connected(let player, let nodeID, let at):
            try c.encode("connected", forKey: .kind)
            try c.encode(player, forKey: .player)
            try c.encode(nodeID, forKey: .node)
            try c.encode(at, forKey: .at)
        case .pairCall(let callID, let from, let call):
            try c.encode("pairCall", forKey: .kind)
            try c.encode(callID, forKey: .callId)
            try c.encode(from, forKey: .from)
            try c.encode(call, forKey: .call)
        case .pairAnswer(let callID, let answer):
            try c.encode("pairAnswer", forKey: .kind)
            try c.encode(callID, forKey: .callId)
            try c.encode(answer, forKey: .answer)
        case .headsChanged(let players):
            try c.encode("headsChanged", forKey: .kind)
            try c.encodeIfPresent(players, forKey: .players)
        case .closeRoom(let code, let reason):
            try c.encode("closeRoom", forKey: .kind)
            try c.encode(code, forKey: .code)
            try c.encode(reason, forKey: .reason)
        case .playerBanned(let player):
            try c.encode("playerBanned", forKey: .kind)
            try c.encode(player, forKey: .player)
        case .drawingDeleted(let drawingId, let pairId, let players):
            try c.encode("drawingDeleted", forKey: .kind)
            try c.encode(drawingId, forKey: .drawingId)
            try c.encodeIfPresent(pairId, forKey: .pairId)
            try c.encode(players, forKey: .players)
        case .deviceRevoked(let player, let tokenHash):
            try c.encode("deviceRevoked", forKey: .kind)
            try c.encode(player, forKey: .player)
            try c.encode(tokenHash, forKey: .tokenHash)
        case .roomsReleased(let nodeID):
            try c.encode("roomsReleased", forKey: .kind)
            try c.encode(nodeID, forKey: .node)
        }
    }
}

extension PairCall: Codable {
    private enum Key: String, CodingKey {
        case action, by, upload, drawingId, text
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let player = try c.decode(PlayerID.self, forKey: .by)
        switch try c.decode(String.self, forKey: .action) {
        case "upload": self = .upload(try c.decode(PairUpload.self, forKey: .upload), by: player)
        case "guess": self = .guess(drawingId: try c.decode(String.self, forKey: .drawingId), text: try c.decode(String.self, forKey: .text), by: player)
        case "giveUp": self = .giveUp(drawingId: try c.decode(String.self, forKey: .drawingId), by: player)
        case "unpair": self = .unpair(by: player)
        case let action: throw DecodingError.dataCorruptedError(forKey: .action, in: c, debugDescription: "unknown pair call '\(action)'")
        }
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        switch self {
        case .upload(let upload, let player):
            try c.encode("upload", forKey: .action)
            try c.encode(upload, forKey: .upload)
            try c.encode(player, forKey: .by)
        case .guess(let drawingId, let text, let player):
            try c.encode("guess", forKey: .action)
            try c.encode(drawingId, forKey: .drawingId)
            try c.encode(text, forKey: .text)
            try c.encode(player, forKey: .by)
        case .giveUp(let drawingId, let player):
            try c.encode("giveUp", forKey: .action)
            try c.encode(drawingId, forKey: .drawingId)
            try c.encode(player, forKey: .by)
        case .unpair(let player):
            try c.encode("unpair", forKey: .action)
            try c.encode(player, forKey: .by)
        }
    }
}

extension PairCallAnswer: Codable {
    private enum Key: String, CodingKey {
        case outcome, receipt, answer, word, pairId, error
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        switch try c.decode(String.self, forKey: .outcome) {
        case "uploaded": self = .uploaded(try c.decode(PairUploadReceipt.self, forKey: .receipt))
        case "guessed": self = .guessed(try c.decode(PairGuessAnswer.self, forKey: .answer))
        case "gaveUp": self = .gaveUp(word: try c.decode(String.self, forKey: .word))
        case "unpaired": self = .unpaired(pairId: try c.decode(String.self, forKey: .pairId))
        case "failed": self = .failed(try c.decode(PairActionError.self, forKey: .error))
        case let outcome: throw DecodingError.dataCorruptedError(forKey: .outcome, in: c, debugDescription: "unknown outcome '\(outcome)'")
        }
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        switch self {
        case .uploaded(let receipt):
            try c.encode("uploaded", forKey: .outcome)
            try c.encode(receipt, forKey: .receipt)
        case .guessed(let answer):
            try c.encode("guessed", forKey: .outcome)
            try c.encode(answer, forKey: .answer)
        case .gaveUp(let word):
            try c.encode("gaveUp", forKey: .outcome)
            try c.encode(word, forKey: .word)
        case .unpaired(let pairId):
            try c.encode("unpaired", forKey: .outcome)
            try c.encode(pairId, forKey: .pairId)
        case .failed(let error):
            try c.encode("failed", forKey: .outcome)
            try c.encode(error, forKey: .error)
        }
    }
}

extension PairActionError: Codable {
    private enum Key: String, CodingKey {
        case kind, code, message, ref, node, retryAfterSeconds
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        switch try c.decode(String.self, forKey: .kind) {
        case "notFound": self = .notFound
        case "refused":
            self = .refused(
                ProtocolError(try c.decode(ErrorCode.self, forKey: .code), try c.decode(String.self, forKey: .message),
                    ref: try c.decodeIfPresent(String.self, forKey: .ref)))
        case "hostedElsewhere": self = .hostedElsewhere(try c.decode(ClusterNode.self, forKey: .node))
        case "hostUnreachable": self = .hostUnreachable(retryAfterSeconds: try c.decode(Int.self, forKey: .retryAfterSeconds))
        case let kind: throw DecodingError.dataCorruptedError(forKey: .kind, in: c, debugDescription: "unknown pair error '\(kind)'")
        }
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        switch self {
        case .notFound:
            try c.encode("notFound", forKey: .kind)
        case .refused(let error):
            try c.encode("refused", forKey: .kind)
            try c.encode(error.code, forKey: .code)
            try c.encode(error.message, forKey: .message)
            try c.encodeIfPresent(error.ref, forKey: .ref)
        case .hostedElsewhere(let node):
            try c.encode("hostedElsewhere", forKey: .kind)
            try c.encode(node, forKey: .node)
        case .hostUnreachable(let seconds):
            try c.encode("hostUnreachable", forKey: .kind)
            try c.encode(seconds, forKey: .retryAfterSeconds)
        }
    }
}
