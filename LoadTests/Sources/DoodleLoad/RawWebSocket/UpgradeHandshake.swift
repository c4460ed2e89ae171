/// The client's half of the WebSocket opening handshake, written and read by hand: the raw and
/// the lean connections both upgrade this way.
enum UpgradeHandshake {
    /// The upgrade request for `path` on `host:port`; the key is fixed (the server must take any).
    static func request(host: String, port: Int, path: String, key: String) -> String {
        "GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n"
    }

    /// The index just past the blank line that ends the HTTP head, nil until it has come.
    static func endOfHead(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 3..<bytes.count
        where bytes[index - 3] == 13 && bytes[index - 2] == 10 && bytes[index - 1] == 13 && bytes[index] == 10 {
            return index + 1
        }
        return nil
    }
}
