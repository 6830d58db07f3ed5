import Clocks
import Courier
import CourierTestSupport
import Foundation
import HTTPTypes
import Testing

/// A response with `status`, `fields` and a body that yields `bytes`, then fails with `failure` if given.
private func stubResponse(
    _ status: HTTPResponse.Status,
    _ fields: HTTPFields = [:],
    bytes: Data = Data(),
    length: Int64? = nil,
    failingWith failure: NetworkError.Kind? = nil,
    for request: ClientRequest
) -> ClientResponse {
    var head = HTTPResponse(status: status)
    head.headerFields = fields
    let chunks = BodyChunks(AsyncThrowingStream<Data, any Error> { continuation in
        if !bytes.isEmpty { continuation.yield(bytes) }
        continuation.finish(throwing: failure.map { NetworkError($0, message: "cut by the test") })
    })
    return ClientResponse(head: head, body: ResponseBody(length: length ?? Int64(bytes.count), chunks: chunks), request: request)
}

/// A new empty directory for one test's files.
private struct Folder {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("courier-resume-flow-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

@Suite("Resumable downloads: the flow over a scripted transport")
struct ResumableDownloadFlowTests {
    static let whole = Data("0123456789".utf8)
    static let fields: HTTPFields = [.eTag: "\"v1\"", .contentType: "application/octet-stream"]

    @Test("a body cut after its last byte, then a 416 for exactly that length: the file is whole and moved into place")
    func alreadyComplete() async throws {
        let folder = try Folder()
        defer { folder.remove() }
        let destination = folder.url.appendingPathComponent("file.bin")
        let transport = RecordingTransport { request in
            guard let range = request.head.headerFields[.range] else {
                return stubResponse(.ok, Self.fields, bytes: Self.whole, failingWith: .connectionClosed, for: request)
            }
            #expect(range == "bytes=10-")
            #expect(request.head.headerFields[.ifRange] == "\"v1\"")
            return stubResponse(.rangeNotSatisfiable, [.contentRange: "bytes */10"], for: request)
        }
        let client = Client(transport: transport).retrying(.immediate(maxAttempts: 3), clock: TestClock())
        let response = try await client.download(try ClientRequest(.get, url: "https://example.com/file.bin"), to: destination)
        #expect(response.status == .rangeNotSatisfiable)
        #expect(try Data(contentsOf: destination) == Self.whole)
        #expect(try folder.names() == ["file.bin"])
        #expect(transport.requests.count == 2)
    }

    @Test("the resumption waits the retry layer's backoff on its clock, then asks for the rest")
    func waitsOnTheRetryClock() async throws {
        let folder = try Folder()
        defer { folder.remove() }
        let destination = folder.url.appendingPathComponent("file.bin")
        let clock = TestClock()
        let transport = RecordingTransport { request in
            guard request.head.headerFields[.range] != nil else {
                return stubResponse(.ok, Self.fields, bytes: Self.whole.prefix(4), length: 10, failingWith: .connectionClosed, for: request)
            }
            #expect(request.head.headerFields[.range] == "bytes=4-")
            return stubResponse(.partialContent, [.contentRange: "bytes 4-9/10", .eTag: "\"v1\""], bytes: Self.whole.dropFirst(4), for: request)
        }
        var policy = RetryPolicy.constant(.seconds(5), maxAttempts: 2)
        policy.budget = nil
        let client = Client(transport: transport).retrying(policy, clock: clock)
        let task = Task { try await client.download(try ClientRequest(.get, url: "https://example.com/file.bin"), to: destination) }
        await clock.waitForSleeper()
        #expect(transport.requests.count == 1, "nothing is asked before the backoff has passed")
        await clock.advance(by: .seconds(5))
        let response = try await task.value
        #expect(response.status == .partialContent)
        #expect(response.request.options.attempt == 2)
        #expect(try Data(contentsOf: destination) == Self.whole)
        #expect(try folder.names() == ["file.bin"])
    }

    @Test("an error that is not retryable, or a request with RetryPolicy.never, is not resumed in the call; the partial file stays")
    func notResumedInCall() async throws {
        let folder = try Folder()
        defer { folder.remove() }
        let destination = folder.url.appendingPathComponent("file.bin")
        let transport = RecordingTransport { request in
            stubResponse(.ok, Self.fields, bytes: Self.whole.prefix(4), length: 10, failingWith: .tlsFailure, for: request)
        }
        let client = Client(transport: transport).retrying(.immediate(maxAttempts: 3), clock: TestClock())
        let error = await #expect(throws: NetworkError.self) {
            try await client.download(try ClientRequest(.get, url: "https://example.com/file.bin"), to: destination)
        }
        #expect(error?.kind == .tlsFailure)
        #expect(transport.requests.count == 1)
        #expect(try folder.names() == ["file.bin.courier-partial", "file.bin.courier-partial.json"])

        var never = try ClientRequest(.get, url: "https://example.com/other.bin")
        never.options.retryPolicy = .never
        let cut = RecordingTransport { request in
            stubResponse(.ok, Self.fields, bytes: Self.whole.prefix(4), length: 10, failingWith: .connectionClosed, for: request)
        }
        let other = folder.url.appendingPathComponent("other.bin")
        let neverError = await #expect(throws: NetworkError.self) {
            try await Client(transport: cut).retrying(.immediate(maxAttempts: 3), clock: TestClock()).download(never, to: other)
        }
        #expect(neverError?.kind == .connectionClosed)
        #expect(cut.requests.count == 1)
    }

    @Test("a partial file recorded for another URL is started again, without a Range")
    func otherURL() async throws {
        let folder = try Folder()
        defer { folder.remove() }
        let destination = folder.url.appendingPathComponent("file.bin")
        let cut = RecordingTransport { request in
            stubResponse(.ok, Self.fields, bytes: Self.whole.prefix(4), length: 10, failingWith: .connectionClosed, for: request)
        }
        _ = await #expect(throws: NetworkError.self) {
            try await Client(transport: cut).download(try ClientRequest(.get, url: "https://example.com/a.bin"), to: destination)
        }
        let whole = RecordingTransport { request in stubResponse(.ok, Self.fields, bytes: Self.whole, for: request) }
        _ = try await Client(transport: whole).download(try ClientRequest(.get, url: "https://example.com/b.bin"), to: destination)
        #expect(whole.requests.first?.head.headerFields[.range] == nil)
        #expect(try Data(contentsOf: destination) == Self.whole)
        #expect(try folder.names() == ["file.bin"])
    }

    @Test("a POST download is never resumed and leaves nothing behind")
    func postNotResumable() async throws {
        let folder = try Folder()
        defer { folder.remove() }
        let destination = folder.url.appendingPathComponent("file.bin")
        let cut = RecordingTransport { request in
            stubResponse(.ok, Self.fields, bytes: Self.whole.prefix(4), length: 10, failingWith: .connectionClosed, for: request)
        }
        _ = await #expect(throws: NetworkError.self) {
            try await Client(transport: cut).retrying(.immediate(maxAttempts: 3), clock: TestClock())
                .download(try ClientRequest(.post, url: "https://example.com/export"), to: destination)
        }
        #expect(cut.requests.count == 1)
        #expect(try folder.names() == [])
    }
}

@Suite("Resumable downloads: the partial file")
struct PartialFileTests {
    @Test("a second download to the same destination while one runs gets a single-use file of its own")
    func lockedPartialFile() async throws {
        let folder = try Folder()
        defer { folder.remove() }
        let destination = folder.url.appendingPathComponent("file.bin")
        let gate = AsyncStream<Void>.makeStream()
        let firstArrived = AsyncStream<Void>.makeStream()
        let transport = RecordingTransport { request in
            if request.head.path == "/first" {
                firstArrived.continuation.yield()
                for await _ in gate.stream { break }
            }
            return stubResponse(.ok, [.eTag: "\"v1\""], bytes: Data(request.head.path!.utf8), for: request)
        }
        let client = Client(transport: transport)
        let first = Task { try await client.download(try ClientRequest(.get, url: "https://example.com/first"), to: destination) }
        for await _ in firstArrived.stream { break }
        let namesWhileFirstRuns = try folder.names()
        _ = try await client.download(try ClientRequest(.get, url: "https://example.com/second"), to: destination)
        let namesAfterSecond = try folder.names()
        gate.continuation.yield()
        _ = try await first.value
        #expect(namesWhileFirstRuns == ["file.bin.courier-partial"])
        #expect(namesAfterSecond == ["file.bin", "file.bin.courier-partial"], "the second used a hidden file of its own")
        #expect(try String(contentsOf: destination, encoding: .utf8) == "/first", "the last to finish is in place")
        #expect(try folder.names() == ["file.bin"])
    }

    @Test("a destination in a missing directory fails with transportFailed before anything is sent")
    func missingDirectory() async throws {
        let transport = RecordingTransport()
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("courier-missing-\(UUID().uuidString)/file.bin")
        let error = await #expect(throws: NetworkError.self) {
            try await Client(transport: transport).download(try ClientRequest(.get, url: "https://example.com/a.bin"), to: destination)
        }
        #expect(error?.kind == .transportFailed)
        #expect(transport.requests.isEmpty)
    }

    @Test("the record beside a partial file is readable JSON: the URL, the validator and the length")
    func recordFormat() async throws {
        let folder = try Folder()
        defer { folder.remove() }
        let destination = folder.url.appendingPathComponent("file.bin")
        let cut = RecordingTransport { request in
            stubResponse(.ok, [.eTag: "\"v1\""], bytes: Data("0123".utf8), length: 10, failingWith: .connectionClosed, for: request)
        }
        _ = await #expect(throws: NetworkError.self) {
            try await Client(transport: cut).download(try ClientRequest(.get, url: "https://example.com/a.bin?x=1"), to: destination)
        }
        let record = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("file.bin.courier-partial.json"))) as? [String: Any]
        #expect(record?["source"] as? String == "https://example.com/a.bin?x=1")
        #expect((record?["validator"] as? [String: Any])?["etag"] as? String == "\"v1\"")
        #expect(record?["length"] as? Int == 10)
    }
}
