/// Everything `doodle-server` can be told on its command line or in its environment.
public struct ServerConfiguration: Sendable {
    public var host: String
    public var port: Int
    /// The GameRules folder (rules.json and words/).
    public var rulesFolder: String
    /// The SQLite file; `:memory:` keeps everything in memory.
    public var databasePath: String
    /// PEM files of a certificate chain and its private key: with both, the server speaks
    /// only TLS (`https://` and `wss://`); with neither, plain HTTP and `ws://`.
    public var tls: TLSFiles?
    /// How many bytes of rendered PNG pictures the server keeps in memory.
    public var pictureCacheBytes: Int

    public struct TLSFiles: Sendable {
        public var certificateChainPath: String
        public var privateKeyPath: String

        public init(certificateChainPath: String, privateKeyPath: String) {
            self.certificateChainPath = certificateChainPath
            self.privateKeyPath = privateKeyPath
        }
    }

    public init(
        host: String = "127.0.0.1", port: Int = 8080, rulesFolder: String = "./GameRules",
        databasePath: String = "./doodle.sqlite", tls: TLSFiles? = nil, pictureCacheBytes: Int = 64 << 20
    ) {
        self.host = host
        self.port = port
        self.rulesFolder = rulesFolder
        self.databasePath = databasePath
        self.tls = tls
        self.pictureCacheBytes = pictureCacheBytes
    }
}
