import Logging
import ServiceLifecycle

/// Reads this node's signals while it runs: a player's newer connection on another node
/// replaces its connection here (4002); calls for pair rooms this node hosts are run on them and
/// answered; answers to the calls this node handed over reach their callers; widget heads
/// changed elsewhere are forgotten here; operators' decisions taken on another node (a room to
/// close here, a ban, a deleted drawing) are carried out here, and so are devices their players
/// removed there; the rooms a stopping node handed over are adopted. Cancelled (a crash, as far as the cluster can tell) or
/// shut down, the node stops listening and what is sent to it from then on is lost, as for a
/// dead process.
///
/// While it cannot listen the node keeps no widget heads: it would not hear of their changes.
/// Each time it listens (at first, and again after losing its way) it says so on `listening`.
struct ClusterSignalListener: Service, CustomStringConvertible {
    var description: String { "ClusterSignalListener" }

    let nodeID: String
    let signals: any ClusterSignals
    let players: PlayerDirectory
    let pairs: PairRegistry
    let rooms: RoomRegistry
    let forwarding: PairForwarding
    let latestHeads: LatestHeadCache
    let moderation: LiveModeration
    let revocation: DeviceRevocation
    let listening: AsyncStream<Void>.Continuation
    let logger: Logger

    func run() async {
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { calls in
                await signals.listen(as: nodeID) { isListening in
                    if isListening {
                        latestHeads.resume()
                        listening.yield()
                    } else {
                        latestHeads.suspend()
                        logger.warning("this node lost its way to the other nodes: signals sent to it are lost until it listens again")
                    }
                } receive: { signal in
                    switch signal.body {
                    case .connected(let player, let nodeID, let at):
                        guard nodeID != self.nodeID else { return }
                        await players.connectedElsewhere(player, at: at)
                    case .pairCall(let callID, let from, let call):
                        // Each call on its own: one slow room must not hold up the signals behind it.
                        calls.addTask { await answer(call, callID: callID, to: from) }
                    case .pairAnswer(let callID, let answer):
                        await forwarding.answered(callID, answer)
                    case .headsChanged(let changed):
                        latestHeads.changedElsewhere(changed)
                    case .closeRoom(let code, let reason):
                        await moderation.closeRoomHere(code: code, reason: reason)
                    case .playerBanned(let player):
                        await moderation.enforceBanHere(player)
                    case .drawingDeleted(let drawingId, let pairId, let players):
                        await moderation.forgetDrawingHere(drawingId, pairId: pairId, players: players)
                    case .deviceRevoked(let player, let tokenHash):
                        await revocation.revokeHere(tokenHash: tokenHash, of: player)
                    case .roomsReleased:
                        // On its own, as a call: restoring rooms reads the database.
                        calls.addTask { await rooms.adoptOrphans() }
                    }
                }
                calls.cancelAll()
            }
        }
        latestHeads.suspend()
    }

    private func answer(_ call: PairCall, callID: UInt64, to caller: String) async {
        let answer = await pairs.answerForwarded(call)
        do {
            try await signals.send(ClusterSignal(.pairAnswer(callID: callID, answer: answer)), to: caller)
        } catch {
            logger.error("answering a pair call failed", metadata: ["node": "\(caller)", "error": "\(error)"])
        }
    }
}
