// swift-tools-version: 6.2
import PackageDescription

/// Swift 6 language mode everywhere; strict concurrency is part of it.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

/// The packages only one product needs come with that product's trait (`traits:` below), so an app that uses only
/// `Courier` and a transport resolves and fetches none of them.
let withTesting: TargetDependencyCondition? = .when(traits: ["CourierTesting"])
let withGenerator: TargetDependencyCondition? = .when(traits: ["CourierGenerator"])
let withOpenAPI: TargetDependencyCondition? = .when(traits: ["CourierOpenAPI"])
let withCombine: TargetDependencyCondition? = .when(platforms: [.linux], traits: ["CourierCombine"])
let withCLI: TargetDependencyCondition? = .when(traits: ["CLI"])

let package = Package(
    name: "Courier",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10)],
    products: [
        .library(name: "Courier", targets: ["Courier"]),
        .library(name: "CourierAsyncHTTPClient", targets: ["CourierAsyncHTTPClient"]),
        .library(name: "CourierCompression", targets: ["CourierCompression"]),
        .library(name: "CourierTesting", targets: ["CourierTesting"]),
        .library(name: "CourierOperators", targets: ["CourierOperators"]),
        .library(name: "CourierUI", targets: ["CourierUI"]),
        .library(name: "CourierCombine", targets: ["CourierCombine"]),
        .library(name: "CourierOpenAPI", targets: ["CourierOpenAPI"]),
        .library(name: "CourierGenerator", targets: ["CourierGenerator"]),
        .library(name: "CourierContract", targets: ["CourierContract"]),
        .library(name: "CourierOAuth", targets: ["CourierOAuth"]),
        .executable(name: "courier", targets: ["courier"]),
    ],
    // What an app needs only if it uses these products: each trait brings the packages of one product. The root
    // package enables them all (its default), so `swift run courier demo` and `scripts/test.sh` are unchanged; an app
    // that writes `traits: []` on its `.package` line resolves none of these packages (BENCHMARKS.md, issue #26).
    traits: [
        .trait(name: "CourierTesting", description: "CourierTesting: stubs, record/replay, the test server."),
        .trait(name: "CourierGenerator", description: "CourierGenerator and CourierContract: OpenAPIKit and Yams."),
        .trait(name: "CourierOpenAPI", description: "CourierOpenAPI: the adapters for swift-openapi-runtime."),
        .trait(name: "CourierCombine", description: "CourierCombine: OpenCombine on Linux (Apple's have Combine)."),
        .trait(
            name: "CLI",
            description: "The courier command: swift-argument-parser, with the test server and the generator.",
            enabledTraits: ["CourierTesting", "CourierGenerator"]
        ),
        .default(enabledTraits: ["CourierTesting", "CourierGenerator", "CourierOpenAPI", "CourierCombine", "CLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-http2", from: "1.46.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        // SHA-256 of a server's public key, for pinning on AsyncHTTPClientTransport.
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        // WebSockets: the client (WSClient) over SwiftNIO, and the test server's WebSocket routes. The server
        // package already brings swift-websocket, so the client costs no package of its own.
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
        .package(url: "https://github.com/vapor/multipart-kit", from: "4.7.1"),
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
        // `swift package generate-documentation`: builds the DocC catalogs (CI checks them for warnings).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        // The generator's document model. No `ExternalLoading` trait: Courier bundles multi-file documents itself.
        .package(url: "https://github.com/mattpolzin/OpenAPIKit", from: "6.4.0", traits: []),
        // YAML (and JSON, which is YAML) with line and column for every diagnostic. 6.x: OpenAPIKit 6.4 requires it.
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        .target(
            name: "Courier",
            dependencies: [
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HTTPTypesFoundation", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "CourierAsyncHTTPClient",
            dependencies: [
                "Courier",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
                .product(name: "NIOSOCKS", package: "swift-nio-extras"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                // The request's logger is where AsyncHTTPClient names the connection it chose (ConnectionSighting).
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        // zlib, from the system, for CourierCompression: Apple platforms ship it; on Linux it needs zlib1g-dev, which
        // swift-nio-extras' NIOHTTPCompression (used by CourierAsyncHTTPClient) already needs for the same library.
        // Its own module, so the core links nothing but Foundation and the swift-server APIs.
        .target(
            name: "CCourierZlib",
            linkerSettings: [.linkedLibrary("z")]
        ),
        // Request compression (`Client.compressingRequests`): a middleware over zlib, on every transport.
        .target(
            name: "CourierCompression",
            dependencies: [
                "Courier",
                "CCourierZlib",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "CourierTesting",
            dependencies: [
                "Courier",
                // The test server's /upload/decoded route decodes compressed request bodies.
                "CourierCompression",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird", condition: withTesting),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket", condition: withTesting),
                // The test server's routes read and write `ByteBuffer`s (Hummingbird brings NIOCore; named, as imported).
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                // An independent multipart parser: the test server checks what Courier's encoder sends.
                .product(name: "MultipartKit", package: "multipart-kit", condition: withTesting),
                // Readable diffs in assertion failures.
                .product(name: "CustomDump", package: "swift-custom-dump", condition: withTesting),
            ],
            swiftSettings: strict
        ),
        .target(
            // Error presenters for SwiftUI and UIKit (behind `#if`), apart from the core so that a server or a
            // command-line tool that links Courier never loads a UI framework.
            name: "CourierUI",
            dependencies: ["Courier"],
            swiftSettings: strict
        ),
        .target(
            name: "CourierOperators",
            dependencies: [
                "Courier",
                // Not a new package: Courier's own API is written in its types (`HTTPRequest.Method`).
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "CourierCombine",
            dependencies: [
                "Courier",
                // Combine where it exists; OpenCombine, the same API, where it does not.
                .product(name: "OpenCombine", package: "OpenCombine", condition: withCombine),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "CourierOpenAPI",
            dependencies: [
                "Courier",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime", condition: withOpenAPI),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "CourierGenerator",
            dependencies: [
                // Emits Swift text; it does not link Courier.
                .product(name: "OpenAPIKit", package: "OpenAPIKit", condition: withGenerator),
                .product(name: "Yams", package: "Yams", condition: withGenerator),
            ],
            swiftSettings: strict
        ),
        // Checks responses against an OpenAPI document (`Client.validatingResponses(against:logger:)`), in debug
        // builds. Its own module: the core never imports the generator, and the generator never links Courier.
        .target(
            name: "CourierContract",
            dependencies: [
                "Courier",
                "CourierGenerator",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // OAuth 2.0 flows as token providers. swift-crypto for PKCE's SHA-256 (CryptoKit on Apple platforms); no NIO:
        // the loopback redirect listener is a plain socket.
        .target(
            name: "CourierOAuth",
            dependencies: [
                "Courier",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "CourierOAuthTests",
            dependencies: [
                "CourierOAuth",
                "OAuthAPI",
                "Courier",
                "CourierAsyncHTTPClient",
                "CourierTestSupport",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "CourierContractTests",
            dependencies: [
                "CourierContract",
                "Courier",
                "CourierAsyncHTTPClient",
                "CourierGenerator",
                "CourierTesting",
                "CourierTestSupport",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "courier",
            dependencies: [
                "CourierOAuth",
                "Courier",
                "CourierAsyncHTTPClient",
                "CourierTesting",
                "CourierGenerator",
                // `courier mock` serves a document's examples (NIOCore: the error of a request body over the limit).
                .product(name: "Hummingbird", package: "hummingbird", condition: withCLI),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: withCLI),
                .product(name: "Logging", package: "swift-log"),
                // `courier send --verify` and `--cert`: certificates and keys for the transport's TLS settings.
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "CourierTestSupport",
            dependencies: [
                "Courier",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Clocks", package: "swift-clocks"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ],
            path: "Tests/CourierTestSupport",
            swiftSettings: strict
        ),
        .testTarget(
            name: "CourierTests",
            dependencies: [
                "CourierCompression",
                "Courier",
                "CourierUI",
                "CourierTesting",
                "CourierTestSupport",
                .product(name: "Clocks", package: "swift-clocks"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ],
            // The WHATWG URL test data (URLConformanceTests).
            resources: [.copy("Fixtures")],
            swiftSettings: strict
        ),
        // A raw SwiftNIO server that misbehaves on purpose (RELIABILITY.md), for the integration tests. The chaos
        // soak compiles the same folder in the Benchmarks package (Benchmarks/Sources/MisbehavingServer is a
        // symlink to it), so the server stays no product of this package.
        .target(
            name: "MisbehavingServer",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Tests/MisbehavingServer",
            swiftSettings: strict
        ),
        .testTarget(
            name: "CourierIntegrationTests",
            dependencies: [
                "CourierCompression",
                "Courier",
                "CourierTesting",
                "CourierAsyncHTTPClient",
                "CourierTestSupport",
                "MisbehavingServer",
                "Documents",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "Clocks", package: "swift-clocks"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: strict
        ),
        // HTTP/2 over TLS against nginx and hypercorn (scripts/h2-e2e.sh). A target of its own, so scripts/test.sh runs
        // it in a process of its own: its TLS load (100 MiB each way) disturbs the integration target's timing tests.
        // In that target's process, before the delegate's larger buffer (268057b), four misbehaving-server tests stalled
        // in three runs of three; after it, no stall in three runs, but a URLSession download meant to be cancelled
        // half way finished first in two of them (`ResumableDownloadNginxTests`).
        .testTarget(
            name: "CourierHTTP2Tests",
            dependencies: [
                "Courier",
                "CourierAsyncHTTPClient",
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: strict
        ),
        // The proof that a user's middleware needs nothing private: a throttle and a logger written with a plain
        // `import Courier` (no `@testable`, no `package` access), tested against the real test server.
        .testTarget(
            name: "MiddlewareToolkitTests",
            dependencies: [
                "Courier",
                "CourierTesting",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "CourierTestingTests",
            dependencies: [
                "Courier",
                "CourierTesting",
                "CourierTestSupport",
                "CourierAsyncHTTPClient",
                .product(name: "Clocks", package: "swift-clocks"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "CourierCLITests",
            dependencies: [
                "courier",
                "Courier",
                "CourierGenerator",
                // `courier mock` end to end: committed generated clients against their own documents' mocks.
                "BlogPlatform",
                "PetShop",
                "CourierTesting",
                "CourierTestSupport",
                // A TLS server for `courier send --verify` and `--cert`; its certificates are the integration tests'.
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "CourierOpenAPITests",
            dependencies: [
                "CourierOpenAPI",
                "Courier",
                "CourierTesting",
                "CourierTestSupport",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "CourierGeneratorTests",
            dependencies: [
                "CourierGenerator",
                "CourierTestSupport",
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
                .product(name: "Yams", package: "Yams"),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: strict
        ),
        // Packages written by `courier generate` from Tests/OpenAPIFixtures (scripts/check-generated.sh keeps them
        // current), built here so CI compiles and runs them without a second build of Courier.
        .target(
            name: "BlogPlatform",
            dependencies: ["Courier"],
            path: "Tests/OpenAPIGenerated/BlogPlatform/Sources/BlogPlatform",
            swiftSettings: strict
        ),
        .target(
            name: "BlogPlatformTesting",
            dependencies: ["BlogPlatform", "Courier", "CourierTesting"],
            path: "Tests/OpenAPIGenerated/BlogPlatform/Sources/BlogPlatformTesting",
            swiftSettings: strict
        ),
        .testTarget(
            name: "BlogPlatformTests",
            dependencies: ["BlogPlatform", "BlogPlatformTesting", "Courier", "CourierTesting"],
            path: "Tests/OpenAPIGenerated/BlogPlatform/Tests/BlogPlatformTests",
            swiftSettings: strict
        ),
        .target(
            name: "PetShop",
            dependencies: ["Courier"],
            path: "Tests/OpenAPIGenerated/PetShop/Sources/PetShop",
            swiftSettings: strict
        ),
        .target(
            name: "HttpbinEcho",
            dependencies: ["Courier"],
            path: "Tests/OpenAPIGenerated/HttpbinEcho/Sources/HttpbinEcho",
            swiftSettings: strict
        ),
        .target(
            name: "HttpbinStyles",
            dependencies: ["Courier"],
            path: "Tests/OpenAPIGenerated/HttpbinStyles/Sources/HttpbinStyles",
            swiftSettings: strict
        ),
        .target(
            name: "EventStream",
            dependencies: ["Courier"],
            path: "Tests/OpenAPIGenerated/EventStream/Sources/EventStream",
            swiftSettings: strict
        ),
        // Answered by CourierTesting's TestServer (`/negotiated/…`): the Accept header of PDF and CSV operations.
        .target(
            name: "Documents",
            dependencies: ["Courier"],
            path: "Tests/OpenAPIGenerated/Documents/Sources/Documents",
            swiftSettings: strict
        ),
        // A multi-file document (DigitalOcean's layout in small, Tests/OpenAPIFixtures/multifile/path-item-files).
        .target(
            name: "Droplets",
            dependencies: ["Courier"],
            path: "Tests/OpenAPIGenerated/Droplets/Sources/Droplets",
            swiftSettings: strict
        ),
        // OAuth 2.0 and OpenID Connect schemes (Tests/OpenAPIFixtures/oauth-api-3.2.yaml): the flows' wiring, run by
        // CourierOAuthTests against the Authlib server.
        .target(
            name: "OAuthAPI",
            dependencies: ["Courier", "CourierOAuth"],
            path: "Tests/OpenAPIGenerated/OAuthAPI/Sources/OAuthAPI",
            swiftSettings: strict
        ),
        // The generated clients against servers nobody on this team wrote: httpbin and a FastAPI app
        // (scripts/openapi-e2e/start.sh starts both and exports their URLs).
        .testTarget(
            name: "OpenAPIE2ETests",
            dependencies: [
                "CourierCompression",
                "PetShop",
                "HttpbinEcho",
                "HttpbinStyles",
                "EventStream",
                "Courier",
                "CourierAsyncHTTPClient",
                "CourierTestSupport",
            ],
            swiftSettings: strict
        ),
        // An example of the recommended layout for an API module and its tests (Examples/BlogAPI).
        .target(
            name: "BlogAPI",
            dependencies: ["Courier"],
            path: "Examples/BlogAPI/Sources/BlogAPI",
            swiftSettings: strict
        ),
        .testTarget(
            name: "BlogAPITests",
            dependencies: ["BlogAPI", "Courier", "CourierTesting"],
            path: "Examples/BlogAPI/Tests/BlogAPITests",
            resources: [.copy("Fixtures")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "CourierOperatorsTests",
            dependencies: [
                "CourierOperators",
                "Courier",
                "CourierTesting",
                "CourierAsyncHTTPClient",
                "CourierTestSupport",
                .product(name: "Clocks", package: "swift-clocks"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "CourierCombineTests",
            dependencies: [
                "CourierCombine",
                "Courier",
                "CourierTesting",
                "CourierAsyncHTTPClient",
                "CourierTestSupport",
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ReadmeExamplesTests",
            dependencies: [
                "CourierUI",
                "CourierOAuth",
                "CourierCompression",
                "Courier",
                "CourierContract",
                "CourierCombine",
                "CourierTesting",
                "CourierOpenAPI",
                "BlogPlatform",
                "BlogPlatformTesting",
                "Documents",
                "CourierAsyncHTTPClient",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
