import Glibc

/// Connected loopback TCP sockets: `writers` (the server's side) and their `peers` (the
/// clients'), which a reader thread empties as a client would; Nagle is off on both, as in NIO.
final class LoopbackPairs: Sendable {
    let writers: [Int32]
    let peers: [Int32]

    init(count: Int) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = LoopbackSockets.address(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        try withUnsafeMutablePointer(to: &address) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                guard bind(listener, socketAddress, length) == 0 else { throw LoopbackSockets.SocketError(call: "bind") }
                guard listen(listener, 1024) == 0 else { throw LoopbackSockets.SocketError(call: "listen") }
                guard getsockname(listener, socketAddress, &length) == 0 else { throw LoopbackSockets.SocketError(call: "getsockname") }
            }
        }
        var writers: [Int32] = []
        var peers: [Int32] = []
        for _ in 0..<count {
            peers.append(try LoopbackSockets.connect(to: address))
            let writer = accept(listener, nil, nil)
            guard writer >= 0 else { throw LoopbackSockets.SocketError(call: "accept") }
            LoopbackSockets.setNoDelay(writer)
            writers.append(writer)
        }
        Glibc.close(listener)
        self.writers = writers
        self.peers = peers
    }

    /// Reads and discards until every peer has been closed.
    func readUntilClosed() {
        LoopbackSockets.readUntilClosed(peers)
    }

    func close() {
        for writer in writers { Glibc.close(writer) }
    }
}

/// The plain-socket steps the floor's two writers share.
enum LoopbackSockets {
    struct SocketError: Error, CustomStringConvertible {
        let call: String
        let code = errno
        var description: String { "\(call) failed: errno \(code)" }
    }

    static func address(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        address.sin_port = port.bigEndian
        return address
    }

    /// A client socket connected to `address`, Nagle off.
    static func connect(to address: sockaddr_in) throws -> Int32 {
        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = address
        try withUnsafePointer(to: &address) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                guard Glibc.connect(client, socketAddress, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 else {
                    throw SocketError(call: "connect")
                }
            }
        }
        setNoDelay(client)
        return client
    }

    static func setNoDelay(_ socket: Int32) {
        var noDelay: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
    }

    /// The pacing drawer: writes `frame` on `socket` once per `gap` µs until `shouldStop` says so.
    static func send(_ frame: [UInt8], on socket: Int32, everyMicroseconds gap: UInt32, until shouldStop: () -> Bool) {
        frame.withUnsafeBytes { bytes in
            while !shouldStop() {
                _ = write(socket, bytes.baseAddress, bytes.count)
                usleep(gap)
            }
        }
    }

    /// Reads and discards from every socket until each has been closed by its other end.
    static func readUntilClosed(_ readers: [Int32]) {
        var sockets = readers.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var open = sockets.count
        while open > 0 {
            guard poll(&sockets, nfds_t(sockets.count), 200) > 0 else { continue }
            for index in sockets.indices where sockets[index].revents != 0 && sockets[index].fd >= 0 {
                let count = buffer.withUnsafeMutableBytes { read(sockets[index].fd, $0.baseAddress, $0.count) }
                if count <= 0 {
                    Glibc.close(sockets[index].fd)
                    sockets[index].fd = -1
                    open -= 1
                }
            }
        }
    }
}
