// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "doodle",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "doodle-server", targets: ["doodle-server"]),
        .library(name: "DoodleCore", targets: ["DoodleCore"]),
        .library(name: "DoodleServer", targets: ["DoodleServer"]),
        .library(name: "DoodleClient", targets: ["DoodleClient"]),
        .executable(name: "doodle-load", targets: ["doodle-load"]),
        .executable(name: "doodle-relay", targets: ["doodle-relay"]),
        .executable(name: "doodle-write-floor", targets: ["doodle-write-floor"]),
        .executable(name: "doodle-archive-bench", targets: ["doodle-archive-bench"]),
        .executable(name: "doodle-leaderboard-bench", targets: ["doodle-leaderboard-bench"]),
        .executable(name: "doodle-restore-bench", targets: ["doodle-restore-bench"]),
        .executable(name: "doodle-render-bench", targets: ["doodle-render-bench"]),
        .executable(name: "doodle-picture-bench", targets: ["doodle-picture-bench"]),
        .executable(name: "doodle-filter-bench", targets: ["doodle-filter-bench"]),
        .executable(name: "doodle-bot", targets: ["doodle-bot"]),
        .library(name: "DoodleBot", targets: ["DoodleBot"]),
        .executable(name: "doodle-ws-echo", targets: ["doodle-ws-echo"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.4"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift.git", from: "0.2.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.8.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
    ],
    targets: [
        // Pure game logic and the wire messages: no I/O, no transport, no wall clock.
        .target(
            name: "DoodleCore",
            dependencies: [],
            swiftSettings: swiftSettings
        ),
        // Cairo, the system library the PNG renderer draws with (Debian: libcairo2-dev).
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]
        ),
        // zlib, whose deflate compresses the PNG pictures (Debian: zlib1g-dev).
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // giflib, the GIF encoder behind the animated replays and albums (Debian: libgif-dev).
        .systemLibrary(
            name: "CGif",
            pkgConfig: "libgif",
            providers: [.apt(["libgif-dev"])]
        ),
        // Drawings as pictures: SVG, PNG (Cairo, zlib), replaying GIFs and albums (giflib).
        .target(
            name: "DoodlePictures",
            dependencies: ["DoodleCore", "CCairo", "CGif", "CZlib"],
            swiftSettings: swiftSettings
        ),
        // Persistence on SQLite (GRDB) or PostgreSQL (postgres-nio): players, finished drawings and
        // games, leaderboards, pairs.
        .target(
            name: "DoodleStorage",
            dependencies: [
                "DoodleCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                // The C API GRDB is built on: its statements' values are bound straight to it.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        // Fresh PostgreSQL databases for tests, on the server DOODLE_TEST_POSTGRES names (not a test target itself).
        .target(
            name: "DoodleStorageTestSupport",
            dependencies: [
                "DoodleStorage",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/DoodleStorageTestSupport",
            swiftSettings: swiftSettings
        ),
        // Hummingbird application: sessions, room actors, registry, HTTP API.
        .target(
            name: "DoodleServer",
            dependencies: [
                "DoodleCore",
                "DoodleStorage",
                "DoodlePictures",
                // House bots are the bot brain, played by their room (Rooms/HouseBots.swift).
                "DoodleBot",
                "DoodleClient",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
            ],
            resources: [.copy("Web"), .copy("Accounts/common-passwords.txt")],
            swiftSettings: swiftSettings
        ),
        // A protocol-speaking WebSocket client shared by tests, the bot and the load tests.
        .target(
            name: "DoodleClient",
            dependencies: [
                "DoodleCore",
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "doodle-server",
            dependencies: [
                "DoodleServer", "DoodleStorage",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // Bots that play the game over the shared client: the logic behind `doodle-bot` and the load tests.
        .target(
            name: "DoodleBot",
            dependencies: [
                "DoodleCore",
                "DoodleClient",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "doodle-bot",
            dependencies: [
                "DoodleBot", "DoodleCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // The live server harness every test target shares (not a test target itself).
        // Child processes for tests, started without Foundation's Process (SpawnedProcess says why).
        .target(
            name: "ChildProcessSupport",
            dependencies: [],
            path: "Tests/ChildProcessSupport",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "DoodleTestSupport",
            dependencies: [
                "DoodleServer", "DoodleClient", "DoodleCore", "DoodleStorage", "ChildProcessSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "JWTKit", package: "jwt-kit"),
                // The test issuer's RSA keys are generated with `_RSA` (jwt-kit only loads them).
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ],
            path: "Tests/DoodleTestSupport",
            swiftSettings: swiftSettings
        ),
        // A WebSocket echo server on the game's connection handler, for Autobahn|Testsuite
        // (.ci/autobahn). Test support only: doodle-server never mounts it.
        .executableTarget(
            name: "doodle-ws-echo",
            dependencies: [
                "DoodleServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            path: "Tests/WebSocketEchoServer",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "DoodleCoreTests",
            dependencies: ["DoodleCore", "ChildProcessSupport"],
            swiftSettings: swiftSettings
        ),
        // Hand-drawn-looking stroke records, for the storage and the picture tests (not a test target itself).
        .target(
            name: "DrawingTestSupport",
            dependencies: ["DoodleCore"],
            path: "Tests/DrawingTestSupport",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "DoodleStorageTests",
            dependencies: [
                "DoodleStorage", "DoodleStorageTestSupport", "DrawingTestSupport", "DoodleCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        // Pictures are read back with Cairo's PNG decoder and giflib's GIF decoder.
        .testTarget(
            name: "DoodlePicturesTests",
            dependencies: ["DoodlePictures", "DrawingTestSupport", "DoodleCore", "CCairo", "CGif"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "DoodleServerTests",
            dependencies: [
                "DoodleTestSupport", "DoodleStorageTestSupport", "ChildProcessSupport",
                "DoodleServer", "DoodleClient", "DoodleCore", "DoodleStorage", "DoodlePictures",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        // Load tests (LoadTests/README.md): scenarios, measurement and reports.
        .target(
            name: "DoodleLoad",
            dependencies: [
                "DoodleCore", "DoodleClient",
                // The bot's sketches give the realistic load its stroke sizes.
                "DoodleBot",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
                .product(name: "Logging", package: "swift-log"),
                // The raw WebSocket writer of the hostile soak: frames the shared client would refuse to send.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                // The widget-polling scenario's HTTP client.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            path: "LoadTests/Sources/DoodleLoad",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "doodle-load",
            dependencies: [
                "DoodleLoad",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "LoadTests/Sources/doodle-load",
            swiftSettings: swiftSettings
        ),
        // The bare relay baseline: HummingbirdWebSocket and nothing of Doodle.
        // The kernel's floor under one write per delivery (docs/performance.md).
        .executableTarget(
            name: "doodle-write-floor",
            dependencies: [
                "BenchSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                // The capacity search's delivery latencies.
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            path: "LoadTests/Sources/doodle-write-floor",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "doodle-relay",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            path: "LoadTests/Sources/doodle-relay",
            swiftSettings: swiftSettings
        ),
        // Sustained drawings saved per second and save latency of the SQLite archive.
        .executableTarget(
            name: "doodle-archive-bench",
            dependencies: [
                "DoodleStorage", "DoodleCore", "BenchDatabaseOptions",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "LoadTests/Sources/doodle-archive-bench",
            swiftSettings: swiftSettings
        ),
        // How long a day's, week's or month's leaderboard takes to read over a million games.
        .executableTarget(
            name: "doodle-leaderboard-bench",
            dependencies: [
                "DoodleStorage", "DoodleCore", "BenchDatabaseOptions",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "LoadTests/Sources/doodle-leaderboard-bench",
            swiftSettings: swiftSettings
        ),
        // What restoring live rooms from their checkpoints adds to a server's start-up.
        .executableTarget(
            name: "doodle-restore-bench",
            dependencies: [
                "DoodleServer", "DoodleStorage", "DoodleCore", "BenchDatabaseOptions",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "LoadTests/Sources/doodle-restore-bench",
            swiftSettings: swiftSettings
        ),
        // What handing a pair call to the node hosting the room costs: HTTP uploads to the hosting
        // node and to another node of an in-process two-node cluster.
        .executableTarget(
            name: "doodle-pair-hop-bench",
            dependencies: [
                "DoodleServer", "DoodleClient", "DoodleStorage", "DoodleCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "LoadTests/Sources/doodle-pair-hop-bench",
            swiftSettings: swiftSettings
        ),
        // The database options of the benches that fill one (a scratch SQLite file or PostgreSQL).
        .target(
            name: "BenchDatabaseOptions",
            dependencies: [
                "DoodleStorage",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "LoadTests/Sources/BenchDatabaseOptions",
            swiftSettings: swiftSettings
        ),
        // The thread CPU clock and medians the single-threaded benches measure with.
        .target(
            name: "BenchSupport",
            path: "LoadTests/Sources/BenchSupport",
            swiftSettings: swiftSettings
        ),
        // Typical drawings and the plain-Cairo floor both picture benchmarks measure against.
        .target(
            name: "PictureBenchSupport",
            dependencies: ["DoodleCore", "CCairo"],
            path: "LoadTests/Sources/PictureBenchSupport",
            swiftSettings: swiftSettings
        ),
        // PNG renders per CPU second: the server's Cairo renderer against plain Cairo on the same drawings.
        .executableTarget(
            name: "doodle-render-bench",
            dependencies: [
                "DoodlePictures", "DoodleCore", "PictureBenchSupport", "BenchSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "LoadTests/Sources/doodle-render-bench",
            swiftSettings: swiftSettings
        ),
        // PNG renders per server CPU second over HTTP (pictures that miss the cache) against
        // plain Cairo's renders per CPU second on the same drawings, in the same run.
        .executableTarget(
            name: "doodle-picture-bench",
            dependencies: [
                "DoodleStorage", "DoodleCore", "DoodleLoad", "PictureBenchSupport", "BenchSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "LoadTests/Sources/doodle-picture-bench",
            swiftSettings: swiftSettings
        ),
        // Chat lines masked per CPU second (settings.filter), against the guess normalisation.
        .executableTarget(
            name: "doodle-filter-bench",
            dependencies: [
                "DoodleCore", "BenchSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "LoadTests/Sources/doodle-filter-bench",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "DoodleLoadTests",
            dependencies: [
                "DoodleTestSupport",
                "DoodleLoad", "DoodleServer", "DoodleClient", "DoodleCore",
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "LoadTests/Tests/DoodleLoadTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "DoodleBotTests",
            dependencies: [
                "DoodleTestSupport",
                "DoodleBot", "DoodleServer", "DoodleClient", "DoodleCore",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
