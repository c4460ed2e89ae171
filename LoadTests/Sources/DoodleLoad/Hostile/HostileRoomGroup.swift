/// A hostile room: `size` raw connections, the first creates the room and draws, the rest join;
/// then each sends seated hostile shots at `rate` messages per second until told to stop. None
/// of them should ever be closed by the server.
struct HostileRoomGroup {
    let index: Int
    let size: Int
    let port: Int
    let rate: Int
    let tally: HostileTally
    let stop: StopSignal

    func run() async {
        var sockets: [RawWebSocket] = []
        defer { for socket in sockets { socket.close() } }
        do {
            for _ in 0..<size {
                sockets.append(try await RawWebSocket.connect(port: port, keepTexts: true))
                tally.connected()
            }
        } catch {
            tally.connectFailed("hostile room \(index): \(error)")
            return
        }
        guard let ownerId = await setUp(sockets) else {
            tally.connectFailed("hostile room \(index): setup (hello, createRoom, joinRoom, startGame, chooseWord) got no answer")
            for socket in sockets { tally.finished(socket.answers, lastShot: nil, expectsClose: false) }
            return
        }
        for socket in sockets { socket.stopKeepingTexts() }
        await withTaskGroup(of: Void.self) { group in
            for (member, socket) in sockets.enumerated() {
                let shots = HostileCatalogue.seatedShots(isOwner: member == 0, ownerId: ownerId)
                group.addTask { await send(shots, from: socket, startingAt: (index * 31 + member * 7) % shots.count) }
            }
        }
    }

    /// hello for all, createRoom by the first, joinRoom by the rest, startGame and chooseWord by
    /// the first (who then draws). Returns the owner's player id, nil if a step failed.
    private func setUp(_ sockets: [RawWebSocket]) async -> String? {
        var ownerId: String?
        for (member, socket) in sockets.enumerated() {
            guard let welcome = await request(socket, #"{"type":"hello","protocol":1,"name":"hostile\#(index)-\#(member)"}"#, answer: "welcome")
            else { return nil }
            if member == 0 { ownerId = AnswerScan.stringField("playerId", in: welcome) }
        }
        let settings =
            #"{"maxPlayers":16,"rounds":1,"drawSeconds":240,"chooseSeconds":30,"revealSeconds":0,"wordChoices":1,"hints":0,"#
            + #""customWords":["\#(HostileCatalogue.word)"],"customWordsOnly":true}"#
        guard let created = await request(sockets[0], #"{"type":"createRoom","settings":\#(settings)}"#, answer: "roomState"),
            let code = AnswerScan.stringField("code", in: created)
        else { return nil }
        for socket in sockets.dropFirst() {
            guard await request(socket, #"{"type":"joinRoom","code":"\#(code)"}"#, answer: "roomState") != nil else { return nil }
        }
        guard await request(sockets[0], #"{"type":"startGame"}"#, answer: "chooseWord") != nil,
            await request(sockets[0], #"{"type":"chooseWord","index":0}"#, answer: "\"phase\":\"drawing\"") != nil
        else { return nil }
        return ownerId
    }

    /// Sends `text` and waits for a text holding `answer` (a type name, or any fragment).
    private func request(_ socket: RawWebSocket, _ text: String, answer: String) async -> String? {
        do {
            try await socket.write([.text(text)])
        } catch {
            return nil
        }
        tally.sentSetup(1)
        let needle = answer.hasPrefix("\"") ? answer : "\"type\":\"\(answer)\""
        return await socket.waitForText(timeout: .seconds(10)) { $0.contains(needle) }
    }

    private func send(_ shots: [HostileShot], from socket: RawWebSocket, startingAt start: Int) async {
        let interval = Duration.seconds(1) / rate
        var due = ContinuousClock.now
        var next = start
        var last: HostileShot?
        while !stop.isStopping && socket.answers.endedAt == nil {
            let shot = shots[next % shots.count]
            next += 1
            do {
                try await socket.write(shot.frames)
            } catch {
                break
            }
            tally.sent(shot)
            last = shot
            // Fragments and pings are not messages: pace by the messages the rate limit counts.
            due += interval * max(1, shot.frames.filter { $0.opcode != .continuation && $0.opcode != .ping && $0.opcode != .pong }.count)
            try? await Task.sleep(until: due, clock: .continuous)
        }
        // What is still in flight gets a moment to come back before the counts are taken.
        try? await Task.sleep(for: .milliseconds(300))
        tally.finished(socket.answers, lastShot: last, expectsClose: false)
    }
}
