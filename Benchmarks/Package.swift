// swift-tools-version: 6.1
import PackageDescription

/// As in the root package: Swift 6 language mode (this tools version's default), strict concurrency with it, and
/// `any` spelled out for every existential.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

/// Everything that measures Courier rather than ships in it (issue #36): the ordo-one benchmarks, the transfer
/// memory probe, the chaos soak, the loopback load generator and the Server-Sent Events benchmark. Its own package,
/// so the root package's targets and dependencies are only what an app and the tests need.
let package = Package(
    name: "CourierBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Courier", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // LoadGen's `openapi-ahc` client: Apple's OpenAPI runtime and its AsyncHTTPClient transport, as an app
        // with a swift-openapi-generator client over AsyncHTTPClient has them.
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/swift-server/swift-openapi-async-http-client", from: "1.5.0"),
    ],
    targets: [
        .executableTarget(
            name: "CourierBenchmarks",
            dependencies: [
                .product(name: "Courier", package: "Courier"),
                .product(name: "CourierTesting", package: "Courier"),
                .product(name: "CourierAsyncHTTPClient", package: "Courier"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ],
            path: "Benchmarks/CourierBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "TransferMemory",
            dependencies: [
                .product(name: "Courier", package: "Courier"),
                .product(name: "CourierCompression", package: "Courier"),
                .product(name: "CourierTesting", package: "Courier"),
                .product(name: "CourierAsyncHTTPClient", package: "Courier"),
            ],
            path: "Sources/TransferMemory"
        ),
        // The raw SwiftNIO server that misbehaves on purpose (RELIABILITY.md), for the chaos soak. Its source is
        // the root package's `Tests/MisbehavingServer`, which the integration tests use there; this folder is a
        // symlink to it (`Sources/MisbehavingServer -> ../../Tests/MisbehavingServer`), so there is one copy of the
        // code, compiled here as this package's own module.
        // Why a symlink, the least bad of the ways: SwiftPM lets a package name only another package's products,
        // and a product would offer a test server to every app that depends on Courier; a `path:` outside this
        // package is refused; a copy would drift. The two modules named MisbehavingServer never meet: SwiftPM loads
        // only the targets of a dependency's products, and the root's MisbehavingServer is in none.
        .target(
            name: "MisbehavingServer",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Sources/MisbehavingServer",
            swiftSettings: strict
        ),
        // The chaos soak (issue #20): `swift run -c release --package-path Benchmarks ChaosSoak --exchanges 10000`.
        // Not a test: it runs thousands of faulty exchanges against the MisbehavingServer and fails on a crash, a
        // hang, a leaked socket, a duplicated write or a body over its limit. CI runs it (debug) from `.ci/run`.
        .executableTarget(
            name: "ChaosSoak",
            dependencies: [
                "MisbehavingServer",
                .product(name: "Courier", package: "Courier"),
                .product(name: "CourierAsyncHTTPClient", package: "Courier"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            path: "Sources/ChaosSoak",
            swiftSettings: strict
        ),
        // The loopback load generator (issue #21): one client per process against nginx, driven by
        // `Benchmarks/load/run.py`, which pairs and alternates the processes and writes BENCHMARKS.md.
        .executableTarget(
            name: "LoadGen",
            dependencies: [
                .product(name: "Courier", package: "Courier"),
                .product(name: "CourierAsyncHTTPClient", package: "Courier"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                // `LOADGEN_CA`: the private CA of the TLS rows (HTTP/2 and HTTP/1.1 over TLS).
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
            ],
            path: "Sources/LoadGen",
            swiftSettings: strict
        ),
        // The Server-Sent Events benchmark (issue #24): events per second and peak memory for a 1 GiB event stream
        // from nginx, against raw AsyncHTTPClient reading the same bytes; driven by `Benchmarks/load/sse.sh`.
        .executableTarget(
            name: "SSEBench",
            dependencies: [
                .product(name: "Courier", package: "Courier"),
                .product(name: "CourierAsyncHTTPClient", package: "Courier"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            path: "Sources/SSEBench",
            swiftSettings: strict
        ),
    ]
)
