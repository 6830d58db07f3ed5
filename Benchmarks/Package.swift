// swift-tools-version: 6.1
import PackageDescription

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
    ]
)
