import Courier
import CourierAsyncHTTPClient
import AsyncHTTPClient
import CourierTesting
import Foundation
import Testing

/// The byte at `offset` of every generated body: `offset * 31` modulo 256, so it repeats every 256 bytes.
private let pattern = Data((0..<(256 * 1024 + 256)).map { UInt8(truncatingIfNeeded: $0 &* 31) })

/// `count` deterministic bytes in chunks of `chunkSize` (at most 256 KiB), made afresh each time.
func generatedChunks(count: Int, chunkSize: Int = 64 * 1024) -> AsyncStream<Data> {
    AsyncStream { continuation in
        var sent = 0
        while sent < count {
            let size = min(chunkSize, count - sent)
            let start = sent % 256
            continuation.yield(pattern.subdata(in: start..<start + size))
            sent += size
        }
        continuation.finish()
    }
}

func generatedBytes(count: Int) -> Data {
    var data = Data(capacity: count)
    while data.count < count {
        data.append(pattern.prefix(min(256 * 1024, count - data.count)))
    }
    return data
}

@Suite("Streaming bodies on every transport", .timeLimit(.minutes(1)))
struct StreamingConformanceTests {
    static let size = 700 * 1024 + 17

    @Test("a replayable stream of known length uploads whole with Content-Length", arguments: TransportUnderTest.allCases)
    func streamWithLength(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, _ in
            let body = RequestBody.stream(length: Int64(Self.size)) { generatedChunks(count: Self.size) }
            let summary = try await client.send(Endpoint<TestServer.UploadSummary>(method: .post, path: "/upload", body: EndpointBody(contentType: "application/octet-stream") { _ in body }))
            #expect(summary.bytes == Self.size)
            #expect(summary.checksum == TestServer.UploadSummary.of(generatedBytes(count: Self.size)).checksum)
            #expect(summary.contentLength == String(Self.size))
        }
    }

    @Test("a stream of unknown length uploads whole", arguments: TransportUnderTest.allCases)
    func streamWithoutLength(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, _ in
            var request = try ClientRequest(.post, path: "/upload")
            request.body = .stream { generatedChunks(count: Self.size) }
            let response = try await client.send(request)
            let summary = try JSONDecoder().decode(TestServer.UploadSummary.self, from: try await response.body.collect(upTo: 1 << 16))
            #expect(summary.bytes == Self.size)
            #expect(summary.checksum == TestServer.UploadSummary.of(generatedBytes(count: Self.size)).checksum)
            // AsyncHTTPClient streams it chunked; URLSession spools it to a file and sends its length.
            #expect(summary.transferEncoding == "chunked" || summary.contentLength == String(Self.size))
        }
    }

    @Test("a file uploads whole, read in chunks", arguments: TransportUnderTest.allCases)
    func fileUpload(_ kind: TransportUnderTest) async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("courier-test-\(UUID().uuidString)")
        try generatedBytes(count: Self.size).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        try await withClient(kind) { client, _ in
            var request = try ClientRequest(.put, path: "/upload")
            request.body = try .file(at: url, chunkSize: 10_000)
            let response = try await client.send(request)
            let summary = try JSONDecoder().decode(TestServer.UploadSummary.self, from: try await response.body.collect(upTo: 1 << 16))
            #expect(summary.bytes == Self.size)
            #expect(summary.checksum == TestServer.UploadSummary.of(generatedBytes(count: Self.size)).checksum)
        }
    }

    @Test("a missing file is invalidBody before anything is sent")
    func missingFile() {
        let error = #expect(throws: NetworkError.self) { try RequestBody.file(at: URL(fileURLWithPath: "/nonexistent/courier")) }
        #expect(error?.kind == .invalidBody)
    }

    @Test("a single-pass body is sent once; sending it again is invalidBody and reaches no server", arguments: TransportUnderTest.allCases)
    func singlePass(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, server in
            var request = try ClientRequest(.post, path: "/upload")
            request.body = .singlePass(length: 1000, generatedChunks(count: 1000))
            #expect(!request.body.isReplayable)
            _ = try await client.send(request)
            let error = await #expect(throws: NetworkError.self) { try await client.send(request) }
            #expect(error?.kind == .invalidBody)
            #expect(await server.hits("/upload") == 1)
        }
    }

    @Test("a stream that yields more than its declared length is invalidBody; nothing past it is sent (A7)", arguments: TransportUnderTest.allCases)
    func lengthMismatch(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, server in
            var request = try ClientRequest(.post, path: "/upload")
            request.body = .stream(length: 1000) { generatedChunks(count: 5000, chunkSize: 1000) }
            let error = await #expect(throws: NetworkError.self) {
                let response = try await client.send(request)
                _ = try await response.body.collect(upTo: 1 << 16)
            }
            #expect(error?.kind == .invalidBody)
        }
    }

    @Test("cancelling mid-upload is cancelled and the server sees no complete body (I44)", arguments: TransportUnderTest.allCases)
    func cancelUpload(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, server in
            let (chunks, continuation) = AsyncStream<Data>.makeStream()
            let started = AsyncStream<Void>.makeStream()
            let call = Task {
                var request = try ClientRequest(.post, path: "/upload")
                request.body = .singlePass(chunks)
                return try await client.send(request)
            }
            continuation.yield(Data(repeating: 1, count: 1000))
            continuation.onTermination = { _ in started.continuation.finish() }
            call.cancel()
            let error = await #expect(throws: NetworkError.self) { _ = try await call.value }
            #expect(error?.kind == .cancelled)
            continuation.finish()
        }
    }

    @Test("AsyncHTTPClientTransport after shutdown() fails with shutdown (I45)")
    func useAfterShutdown() async throws {
        try await TestServer.withRunning { server in
            let transport = AsyncHTTPClientTransport()
            let client = Client(transport: transport).targeting(server.server)
            _ = try await client.send(Endpoint<Data>(path: "/bytes/10"))
            try await transport.shutdown()
            let error = await #expect(throws: NetworkError.self) { try await client.send(Endpoint<Data>(path: "/bytes/10")) }
            #expect(error?.kind == .shutdown)
        }
    }

    @Test("requests in flight when AsyncHTTPClientTransport shuts down fail promptly (I45)")
    func shutdownInFlight() async throws {
        try await TestServer.withRunning { server in
            let transport = AsyncHTTPClientTransport()
            let client = Client(transport: transport).targeting(server.server)
            let call = Task { try await client.send(Endpoint<Data>(path: "/delay/20000")) }
            await server.waitForHit(on: "/delay/20000")
            try await transport.shutdown()
            let error = await #expect(throws: NetworkError.self) { try await call.value }
            #expect(error?.kind == .cancelled || error?.kind == .shutdown)
        }
    }

    @Test("a borrowed HTTPClient serves requests and is left running by shutdown()")
    func borrowedClient() async throws {
        try await TestServer.withRunning { server in
            let httpClient = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: .init(redirectConfiguration: .disallow))
            let transport = AsyncHTTPClientTransport(client: httpClient)
            let client = Client(transport: transport).targeting(server.server)
            #expect(try await client.send(Endpoint<Data>(path: "/bytes/10")).count == 10)
            try await transport.shutdown()
            #expect(try await client.send(Endpoint<Data>(path: "/bytes/10")).count == 10)
            try await httpClient.shutdown()
        }
    }
}
