import Clocks
import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import Testing

/// Resumable downloads against the test server's `/resumable/{key}` route, which cuts, stalls, changes
/// and misanswers on demand.
@Suite("Resumable downloads against the test server, on every transport", .timeLimit(.minutes(1)))
struct ResumableDownloadTests {
    static let size = 1 << 20
    static let cutAt = 300_000

    /// A client for `kind` aimed at a running test server, recording each request's range; with `retry`,
    /// immediate retries on a test clock (nothing waits).
    private func withResumingClient(
        _ kind: TransportUnderTest,
        retry: Bool,
        _ body: (Client, TestServer, RangeRecorder) async throws -> Void
    ) async throws {
        try await TestServer.withRunning { server in
            try await kind.with { transport in
                let recorder = RangeRecorder()
                var client = Client(transport: transport).with(recorder)
                if retry {
                    client = client.retrying(.immediate(maxAttempts: 3), clock: TestClock())
                }
                try await body(client.targeting(server.server), server, recorder)
            }
        }
    }

    private func request(_ key: String, _ extra: [String: String] = [:]) throws -> ClientRequest {
        var items = [URLQueryItem(name: "size", value: String(Self.size)), URLQueryItem(name: "cutAt", value: String(Self.cutAt))]
        items += extra.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        return try ClientRequest(.get, path: RequestPath("/resumable/\(key)"), query: items)
    }

    /// Downloads once without retries, expecting the cut: the partial file and its record stay.
    private func downloadCut(_ client: Client, _ request: ClientRequest, to destination: URL) async throws {
        let error = await #expect(throws: NetworkError.self) { try await client.download(request, to: destination) }
        #expect(error?.kind == .connectionClosed)
    }

    @Test("a body cut half way is resumed within the call under the retry policy, from where it stopped", arguments: TransportUnderTest.allCases)
    func resumedWithinCall(_ kind: TransportUnderTest) async throws {
        let directory = try DownloadDirectory()
        defer { directory.remove() }
        let destination = directory.file("big.bin")
        try await withResumingClient(kind, retry: true) { client, server, recorder in
            let response = try await client.download(try request("same-call"), to: destination)
            #expect(response.status == .partialContent)
            #expect(try Data(contentsOf: destination) == TestServer.resumableBytes(key: "same-call", size: Self.size))
            let sent = recorder.sent.all
            #expect(sent.count == 2)
            #expect(sent.first == SentRange(range: nil, ifRange: nil))
            let offset = try #require(sent.last?.offset, "the second request asks for the rest")
            #expect(offset > 0 && offset <= Self.cutAt)
            #expect(sent.last?.ifRange == #""same-call-v1""#)
            #expect(try directory.names() == ["big.bin"])
            #expect(await server.hits("/resumable/same-call") == 2)
        }
    }

    @Test("without a retry layer the partial file is kept, and a later call asks only for the rest", arguments: TransportUnderTest.allCases)
    func resumedInLaterCall(_ kind: TransportUnderTest) async throws {
        let directory = try DownloadDirectory()
        defer { directory.remove() }
        let destination = directory.file("big.bin")
        try await withResumingClient(kind, retry: false) { client, _, recorder in
            try await downloadCut(client, try request("later"), to: destination)
            #expect(try directory.names() == ["big.bin.courier-partial", "big.bin.courier-partial.json"])
            let kept = try #require(directory.size(of: "big.bin.courier-partial"))
            #expect(kept > 0 && kept <= Self.cutAt)

            let transfer = client.transfer(downloading: try request("later"), to: destination)
            let progress = Recorded<TransferProgress>()
            let reading = Task { for await event in transfer.progress { progress.append(event) } }
            let response = try await transfer.value
            await reading.value
            #expect(response.status == .partialContent)
            #expect(try Data(contentsOf: destination) == TestServer.resumableBytes(key: "later", size: Self.size))
            #expect(recorder.sent.all.last == SentRange(range: "bytes=\(kept)-", ifRange: #""later-v1""#))
            #expect(progress.all.first?.completedBytes == Int64(kept), "progress counts the bytes kept")
            #expect(progress.all.last == TransferProgress(direction: .download, completedBytes: Int64(Self.size), expectedBytes: Int64(Self.size)))
            #expect(try directory.names() == ["big.bin"])
        }
    }

    @Test("a changed ETag makes the server send the whole new version, which replaces the partial file", arguments: TransportUnderTest.allCases)
    func changedValidator(_ kind: TransportUnderTest) async throws {
        let directory = try DownloadDirectory()
        defer { directory.remove() }
        let destination = directory.file("big.bin")
        try await withResumingClient(kind, retry: false) { client, _, recorder in
            try await downloadCut(client, try request("changed"), to: destination)
            _ = try await client.send(ClientRequest(.post, path: "/resumable/changed")).body.collect(upTo: 1 << 16)
            let response = try await client.download(try request("changed"), to: destination)
            #expect(response.status == .ok)
            #expect(recorder.sent.all.last?.ifRange == #""changed-v1""#, "the old validator was sent")
            #expect(try Data(contentsOf: destination) == TestServer.resumableBytes(key: "changed", version: 2, size: Self.size))
            #expect(try directory.names() == ["big.bin"])
        }
    }

    @Test("a 200 to a range request starts over with the whole body", arguments: TransportUnderTest.allCases)
    func rangeIgnored(_ kind: TransportUnderTest) async throws {
        let directory = try DownloadDirectory()
        defer { directory.remove() }
        let destination = directory.file("big.bin")
        try await withResumingClient(kind, retry: true) { client, _, recorder in
            try await downloadCut(client.with(NoRetry()), try request("ignored"), to: destination)
            _ = try await client.send(ClientRequest(.post, path: "/resumable/ignored", query: [URLQueryItem(name: "ranges", value: "ignore")])).body.collect(upTo: 1 << 16)
            let response = try await client.download(try request("ignored"), to: destination)
            #expect(response.status == .ok)
            #expect(recorder.sent.all.last?.offset != nil, "the rest was asked for")
            #expect(try Data(contentsOf: destination) == TestServer.resumableBytes(key: "ignored", size: Self.size))
            #expect(try directory.names() == ["big.bin"])
        }
    }

    @Test("a 206 whose Content-Range does not start at the offset is invalidResponse; nothing is appended", arguments: TransportUnderTest.allCases)
    func wrongContentRange(_ kind: TransportUnderTest) async throws {
        let directory = try DownloadDirectory()
        defer { directory.remove() }
        let destination = directory.file("big.bin")
        try Data("the old content".utf8).write(to: destination)
        try await withResumingClient(kind, retry: true) { client, server, _ in
            try await downloadCut(client.with(NoRetry()), try request("wrong"), to: destination)
            _ = try await client.send(ClientRequest(.post, path: "/resumable/wrong", query: [URLQueryItem(name: "ranges", value: "wrong")])).body.collect(upTo: 1 << 16)
            let error = await #expect(throws: NetworkError.self) { try await client.download(try request("wrong"), to: destination) }
            #expect(error?.kind == .invalidResponse)
            #expect(error?.response?.status == .partialContent)
            #expect(error?.message?.contains("when bytes") == true)
            #expect(try String(contentsOf: destination, encoding: .utf8) == "the old content")
            #expect(try directory.names() == ["big.bin"], "the partial file is deleted")
            #expect(await server.hits("/resumable/wrong") == 3, "the cut GET, the POST, one GET: an invalid answer is not retried")
        }
    }

    @Test("a weak ETag cannot be resumed: nothing is kept, and the next call starts from zero", arguments: TransportUnderTest.allCases)
    func weakValidator(_ kind: TransportUnderTest) async throws {
        let directory = try DownloadDirectory()
        defer { directory.remove() }
        let destination = directory.file("big.bin")
        try await withResumingClient(kind, retry: true) { client, server, recorder in
            let error = await #expect(throws: NetworkError.self) {
                try await client.download(try request("weak", ["validator": "weak"]), to: destination)
            }
            #expect(error?.kind == .connectionClosed)
            #expect(try directory.names() == [])
            #expect(await server.hits("/resumable/weak") == 1, "a body that cannot be resumed is not fetched again")
            _ = try await client.download(try request("weak", ["validator": "weak"]), to: destination)
            #expect(recorder.sent.all.map(\.range) == [nil, nil])
            #expect(try Data(contentsOf: destination) == TestServer.resumableBytes(key: "weak", size: Self.size))
        }
    }

    @Test("without an ETag, a strong Last-Modified is the If-Range", arguments: TransportUnderTest.allCases)
    func lastModifiedValidator(_ kind: TransportUnderTest) async throws {
        let directory = try DownloadDirectory()
        defer { directory.remove() }
        let destination = directory.file("big.bin")
        try await withResumingClient(kind, retry: true) { client, _, recorder in
            _ = try await client.download(try request("dated", ["validator": "date"]), to: destination)
            let resumed = try #require(recorder.sent.all.last)
            #expect(resumed.offset != nil)
            #expect(resumed.ifRange == "Fri, 02 Jan 2026 00:00:00 GMT")
            #expect(try Data(contentsOf: destination) == TestServer.resumableBytes(key: "dated", size: Self.size))
        }
    }

    @Test("cancelling leaves the partial file and its record for a later call, and the connection closed", arguments: TransportUnderTest.allCases)
    func cancellation(_ kind: TransportUnderTest) async throws {
        let directory = try DownloadDirectory()
        defer { directory.remove() }
        let destination = directory.file("big.bin")
        try await withResumingClient(kind, retry: true) { client, server, recorder in
            var stalled = try request("cancelled", ["cut": "stall"])
            let received = Recorded<Int64>()
            stalled.options.onProgress = { received.append($0.completedBytes) }
            let call = Task { [stalled] in try await client.download(stalled, to: destination) }
            try await eventually { (received.all.last ?? 0) >= Int64(Self.cutAt) }
            call.cancel()
            let error = await #expect(throws: NetworkError.self) { try await call.value }
            #expect(error?.kind == .cancelled)
            await server.waitForDisconnect(on: "/resumable/cancelled")
            #expect(try directory.names() == ["big.bin.courier-partial", "big.bin.courier-partial.json"])
            let kept = try #require(directory.size(of: "big.bin.courier-partial"))
            #expect(kept >= Self.cutAt)

            _ = try await client.download(try request("cancelled", ["cut": "stall"]), to: destination)
            #expect(recorder.sent.all.last?.offset == kept)
            #expect(try Data(contentsOf: destination) == TestServer.resumableBytes(key: "cancelled", size: Self.size))
            #expect(try directory.names() == ["big.bin"])
        }
    }
}

/// Turns retries off for the requests that pass through it (put it outside the retry layer).
struct NoRetry: Middleware {
    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        var request = request
        request.options.retryPolicy = .never
        return try await next(request)
    }
}
