import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import HTTPTypes
import Testing

/// What a ``TransferEvents`` yielded, in order: its progress events, its values, and whether any
/// progress came after a value.
private struct Yielded<Value: Sendable>: Sendable {
    var progress: [TransferProgress] = []
    var values: [Value] = []
    var progressAfterValue = false
}

/// Iterates `events` to its end.
private func yielded<Value: Sendable>(_ events: TransferEvents<Value>) async throws -> Yielded<Value> {
    var result = Yielded<Value>()
    for try await event in events {
        switch event {
        case .progress(let progress):
            if !result.values.isEmpty { result.progressAfterValue = true }
            result.progress.append(progress)
        case .value(let value):
            result.values.append(value)
        }
    }
    return result
}

/// Whether each event counts more bytes than the one before.
private func isIncreasing(_ events: [TransferProgress]) -> Bool {
    zip(events, events.dropFirst()).allSatisfy { $0.completedBytes < $1.completedBytes }
}

/// The query that makes `/drip/{key}` drip for 15 s: long enough that only a cancelled client leaves
/// before the end.
private var longDrip: [URLQueryItem] {
    [URLQueryItem(name: "chunks", value: "3000"), URLQueryItem(name: "interval", value: "5")]
}

@Suite("Progress and value in one stream, on every transport", .timeLimit(.minutes(1)))
struct TransferStreamTests {
    static let uploadSize = 1024 * 1024 + 17
    static let uploadData = generatedBytes(count: uploadSize)
    static let downloadSize = 1024 * 1024 + 5

    @Test("a download yields increasing progress ending at its length, then exactly one value: the server's bytes", arguments: TransportUnderTest.allCases)
    func download(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, _ in
            let endpoint = Endpoint<Data>(path: "/random/\(Self.downloadSize)", query: [URLQueryItem(name: "seed", value: "6")])
            let result = try await yielded(client.transferEvents(endpoint))
            #expect(result.values == [TestServer.randomBytes(count: Self.downloadSize, seed: 6)])
            #expect(!result.progressAfterValue)
            #expect(!result.progress.isEmpty)
            #expect(result.progress.allSatisfy { $0.direction == .download }, "a GET sends no body")
            #expect(isIncreasing(result.progress))
            #expect(result.progress.last == TransferProgress(direction: .download, completedBytes: Int64(Self.downloadSize), expectedBytes: Int64(Self.downloadSize)))
        }
    }

    @Test("progress arrives while the body is still open; the value only once it has ended", arguments: TransportUnderTest.allCases)
    func progressBeforeTheEnd(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, server in
            let key = "transfer-events-\(kind.rawValue)"
            let endpoint = Endpoint<Data>(path: "/random/\(Self.downloadSize)", query: [
                URLQueryItem(name: "seed", value: "7"), URLQueryItem(name: "hold", value: key),
            ])
            var iterator = client.transferEvents(endpoint).makeAsyncIterator()
            // The server sends every byte, then holds the body open: the whole count must arrive as progress.
            var last: TransferProgress?
            while last?.completedBytes != Int64(Self.downloadSize) {
                guard case .progress(let progress)? = try await iterator.next() else {
                    Issue.record("the stream ended or gave its value before the body did")
                    return
                }
                last = progress
            }
            await server.release(key)
            let event = try await iterator.next()
            #expect(event == .value(TestServer.randomBytes(count: Self.downloadSize, seed: 7)))
            let end = try await iterator.next()
            #expect(end == nil)
        }
    }

    @Test("an upload reports upload progress up to the body's length, then the server's summary", arguments: TransportUnderTest.allCases)
    func upload(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, _ in
            let endpoint = Endpoint<TestServer.UploadSummary>(method: .put, path: "/upload", body: .data(Self.uploadData))
            let result = try await yielded(client.transferEvents(endpoint))
            let uploads = result.progress.filter { $0.direction == .upload }
            let expected = TestServer.UploadSummary.of(Self.uploadData)
            #expect(result.values == [TestServer.UploadSummary(bytes: Self.uploadSize, checksum: expected.checksum, contentLength: String(Self.uploadSize))])
            #expect(!result.progressAfterValue)
            #expect(isIncreasing(uploads))
            #expect(uploads.last?.completedBytes == Int64(Self.uploadSize))
        }
    }

    @Test("a 404 ends the stream by throwing unacceptableStatus(404), without a value; then it is over", arguments: TransportUnderTest.allCases)
    func notFound(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, _ in
            var iterator = client.transferEvents(Endpoint<Data>(path: "/status/404")).makeAsyncIterator()
            var values = 0
            let failure = await #expect(throws: NetworkError.self) {
                while let event = try await iterator.next() {
                    if case .value = event { values += 1 }
                }
            }
            #expect(values == 0)
            #expect(failure?.kind == .unacceptableStatus(404))
            #expect(failure?.response?.status == .notFound)
            let after = try await iterator.next()
            #expect(after == nil)
        }
    }

    @Test("transferEvents(request) yields the response whatever its status, its body collected", arguments: TransportUnderTest.allCases)
    func requestForm(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, _ in
            let result = try await yielded(client.transferEvents(try ClientRequest(.get, path: "/status/404")))
            let response = try #require(result.values.first)
            #expect(result.values.count == 1)
            #expect(response.status == .notFound)
            let body = response.body.bufferedData.map { String(decoding: $0, as: UTF8.self) }
            #expect(body?.hasPrefix(#"{"status":404,"#) == true)
        }
    }

    @Test("transferEvents(downloading:to:) yields progress as the file fills, then the response; the file holds the bytes", arguments: TransportUnderTest.allCases)
    func downloadToFile(_ kind: TransportUnderTest) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-transfer-events-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("random.bin")
        try await withClient(kind) { client, _ in
            let request = try ClientRequest(.get, path: "/random/\(Self.downloadSize)", query: [URLQueryItem(name: "seed", value: "8")])
            let result = try await yielded(client.transferEvents(downloading: request, to: destination))
            #expect(result.values.map(\.status) == [HTTPResponse.Status.ok])
            #expect(!result.progressAfterValue)
            #expect(isIncreasing(result.progress))
            #expect(result.progress.last?.completedBytes == Int64(Self.downloadSize))
            let written = try Data(contentsOf: destination)
            #expect(written == TestServer.randomBytes(count: Self.downloadSize, seed: 8))
        }
    }

    @Test("making the stream sends nothing; each iteration sends the request once", arguments: TransportUnderTest.allCases)
    func lazy(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, server in
            let events = client.transferEvents(Endpoint<Data>(path: "/bytes/10"))
            #expect(await server.hits("/bytes/10") == 0)
            let first = try await yielded(events)
            let second = try await yielded(events)
            #expect(first.values == [Data("abcdefghij".utf8)])
            #expect(second.values == [Data("abcdefghij".utf8)])
            #expect(await server.hits("/bytes/10") == 2)
        }
    }

    @Test("a task already cancelled before its first next() gets cancelled, and nothing is sent", arguments: TransportUnderTest.allCases)
    func cancelledBeforeTheFirstEvent(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, server in
            let events = client.transferEvents(Endpoint<Data>(path: "/bytes/10"))
            let reader = Task {
                // Cancelled before it asks for anything: wait until it is.
                while !Task.isCancelled { await Task.yield() }
                var iterator = events.makeAsyncIterator()
                return try await iterator.next()
            }
            reader.cancel()
            let error = await #expect(throws: NetworkError.self) { try await reader.value }
            #expect(error?.kind == .cancelled)
            #expect(await server.hits("/bytes/10") == 0)
        }
    }

    @Test("breaking out after the first progress event cancels the exchange: the server sees the client go", arguments: TransportUnderTest.allCases)
    func breakCancels(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, server in
            let path = "/drip/transfer-events-break"
            var seen: [TransferProgress] = []
            for try await event in client.transferEvents(Endpoint<Data>(path: RequestPath(path), query: longDrip)) {
                if case .progress(let progress) = event {
                    seen.append(progress)
                    break
                }
            }
            #expect(seen.count == 1)
            await server.waitForDisconnect(on: path)
        }
    }

    @Test("cancelling the iterating task ends the stream with cancelled and the server sees the client go", arguments: TransportUnderTest.allCases)
    func taskCancellation(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, server in
            let path = "/drip/transfer-events-cancel"
            let events = client.transferEvents(Endpoint<Data>(path: RequestPath(path), query: longDrip))
            let started = Flag()
            let reader = Task {
                var count = 0
                for try await event in events {
                    if case .progress = event { started.raise() }
                    count += 1
                }
                return count
            }
            try await eventually { started.isRaised }
            reader.cancel()
            let error = await #expect(throws: NetworkError.self) { try await reader.value }
            #expect(error?.kind == .cancelled)
            await server.waitForDisconnect(on: path)
        }
    }
}

/// A transport that reports upload progress from 0 to `count` as soon as it is called, raises
/// `reported`, and answers 200 with `done`.
private struct ReportingTransport: Transport {
    let count: Int64
    let reported: Flag

    func send(_ request: ClientRequest) async throws -> ClientResponse {
        for sent in 0...count {
            request.reportUploadProgress(totalBytesSent: sent)
        }
        reported.raise()
        return ClientResponse(head: HTTPResponse(status: .ok), body: ResponseBody(Data("done".utf8)), request: request)
    }
}

@Suite("Progress and value in one stream: buffering and cancellation, without a server")
struct TransferStreamBufferingTests {
    @Test("a reader that is behind gets the newest progress, not a backlog, and then the value")
    func slowReaderGetsTheNewest() async throws {
        let reported = Flag()
        let client = Client(transport: ReportingTransport(count: 1000, reported: reported))
        var request = try itemsRequest(.post)
        request.body = .bytes(Data(count: 1000))
        var iterator = client.transferEvents(request).makeAsyncIterator()
        var uploads: [TransferProgress] = []
        guard case .progress(let first)? = try await iterator.next() else {
            Issue.record("the first event was not progress")
            return
        }
        uploads.append(first)
        // The reader stays away while the transport reports a thousand more events.
        try await eventually { reported.isRaised }
        var responses: [ClientResponse] = []
        while let event = try await iterator.next() {
            switch event {
            case .progress(let progress) where progress.direction == .upload: uploads.append(progress)
            case .progress: break
            case .value(let response): responses.append(response)
            }
        }
        #expect(uploads.count <= 2, "at most the first event and the newest; got \(uploads.count)")
        #expect(isIncreasing(uploads))
        #expect(uploads.last == TransferProgress(direction: .upload, completedBytes: 1000, expectedBytes: 1000))
        #expect(responses.map(\.status) == [HTTPResponse.Status.ok])
        #expect(responses.first?.body.bufferedData == Data("done".utf8))
    }

    @Test("cancelling the iterating task cancels the exchange in the transport; the stream throws cancelled")
    func cancellationReachesTheTransport() async throws {
        let transport = HeldTransport()
        let events = Client(transport: transport).transferEvents(try itemsRequest())
        let reader = Task { try await yielded(events) }
        try await eventually { transport.holding == 1 }
        reader.cancel()
        let error = await #expect(throws: NetworkError.self) { try await reader.value }
        #expect(error?.kind == .cancelled)
        #expect(transport.cancellations == 1)
    }

    @Test("a request's own onProgress still hears every event")
    func ownCallbackStillCalled() async throws {
        let client = Client(transport: ReportingTransport(count: 10, reported: Flag()))
        var request = try itemsRequest(.post)
        request.body = .bytes(Data(count: 10))
        let heard = Recorded<Int64>()
        request.options.onProgress = { progress in
            if progress.direction == .upload { heard.append(progress.completedBytes) }
        }
        let result = try await yielded(client.transferEvents(request))
        #expect(heard.all == Array(0...10))
        #expect(result.values.count == 1)
    }
}
