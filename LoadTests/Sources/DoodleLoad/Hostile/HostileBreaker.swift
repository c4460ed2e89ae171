/// A connection that comes and goes: each time it opens a socket, sends a message before
/// `hello` (answered `not_ready`), a `hello`, then one shot that must make the server close the
/// connection, and waits for the server's close frame (or the socket's end) before the next.
struct HostileBreaker {
    let index: Int
    let port: Int
    let tally: HostileTally
    let stop: StopSignal
    /// How long the server gets to close after a closing shot.
    let closeWait: Duration

    func run() async {
        let shots = HostileCatalogue.allClosingShots
        var next = index * 5
        while !stop.isStopping {
            let shot = shots[next % shots.count]
            next += 1
            let socket: RawWebSocket
            do {
                socket = try await RawWebSocket.connect(port: port)
            } catch {
                tally.connectFailed("breaker \(index): \(error)")
                try? await Task.sleep(for: .milliseconds(200))
                continue
            }
            tally.connected()
            let beforeHello = HostileShot(.beforeHello, text: #"{"type":"sync"}"#)
            let hello: [ClientFrame] = shot.kind == .unsupportedProtocol ? [] : [.text(#"{"type":"hello","protocol":1,"name":"breaker\#(index)"}"#)]
            do {
                try await socket.write(beforeHello.frames + hello)
                tally.sent(beforeHello)
                tally.sentSetup(hello.count)
                try await socket.write(shot.frames)
                if !shot.raw.isEmpty { try await socket.writeRaw(shot.raw) }
            } catch {
                // The server may close while a flood is still being written: that is its answer.
            }
            tally.sent(shot)
            tally.sentClosing(shot)
            _ = await socket.waitForClose(timeout: closeWait)
            // Taken before our own close, which would otherwise count as the server's. Once the
            // server's close frame is here the client hangs up rather than leave it waiting.
            let answers = socket.answers
            socket.close()
            tally.finished(answers, lastShot: shot, expectsClose: true)
        }
    }
}
