import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import Testing

/// The bytes `/bytes/{n}` serves: `abc…xyz0…9` repeated to `count`.
private func servedBytes(count: Int) -> Data {
    let pattern = Data("abcdefghijklmnopqrstuvwxyz0123456789".utf8)
    var data = Data(capacity: count + pattern.count)
    while data.count < count { data.append(pattern) }
    return data.prefix(count)
}

/// Every event of `progress`, until it finishes.
private func events(of progress: AsyncStream<TransferProgress>) async -> [TransferProgress] {
    var events: [TransferProgress] = []
    for await event in progress { events.append(event) }
    return events
}

/// Whether each event counts more bytes than the one before.
private func isIncreasing(_ events: [TransferProgress]) -> Bool {
    zip(events, events.dropFirst()).allSatisfy { $0.completedBytes < $1.completedBytes }
}

/// A new empty directory for one test's files, and the names in it.
private struct Directory {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("courier-transfer-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Every name in the directory, hidden ones included, sorted.
    func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// The kinds of request body whose upload progress is checked.
enum UploadBodyKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case bytes, file, stream
    var testDescription: String { rawValue }
}

/// `{"status":…,"reason":…}` from `/status/{code}`.
private struct StatusReply: Decodable {
    var status: Int
    var reason: String
}

/// The same document with `status` of the wrong type.
private struct MistypedStatusReply: Decodable {
    var status: String
}

@Suite("Transfers on every transport: progress, downloads to file, decoding", .timeLimit(.minutes(1)))
struct TransferConformanceTests {
    static let uploadSize = 1024 * 1024 + 17
    static let uploadData = generatedBytes(count: uploadSize)
    static let uploadSummary = TestServer.UploadSummary.of(uploadData)
    static let downloadSize = 1024 * 1024 + 5

    // MARK: Upload progress

    @Test(
        "upload progress grows, ends at the body's length, and that is what the server received",
        arguments: TransportUnderTest.allCases, UploadBodyKind.allCases
    )
    func uploadProgress(_ kind: TransportUnderTest, _ bodyKind: UploadBodyKind) async throws {
        let directory = try Directory()
        defer { directory.remove() }
        var request = try ClientRequest(.post, path: "/upload")
        switch bodyKind {
        case .bytes:
            request.body = .bytes(Self.uploadData)
        case .file:
            let file = directory.file("upload.bin")
            try Self.uploadData.write(to: file)
            request.body = try .file(at: file)
        case .stream:
            request.body = .stream(length: Int64(Self.uploadSize)) { generatedChunks(count: Self.uploadSize) }
        }
        try await withClient(kind) { client, _ in
            let transfer = client.transfer(request)
            async let collected = events(of: transfer.progress)
            let response = try await transfer.value
            let summary = try await response.decode(TestServer.UploadSummary.self)
            let uploads = await collected.filter { $0.direction == .upload }
            #expect(summary.bytes == Self.uploadSize)
            #expect(summary.checksum == Self.uploadSummary.checksum)
            #expect(uploads.count > 2, "a MiB goes out in several parts")
            #expect(isIncreasing(uploads))
            #expect(uploads.last?.completedBytes == Int64(summary.bytes))
            #expect(uploads.allSatisfy { $0.expectedBytes == Int64(Self.uploadSize) })
            #expect(uploads.last?.fractionCompleted == 1)
        }
    }

    // MARK: Download progress

    @Test("download progress grows as the body is read and ends at its announced length", arguments: TransportUnderTest.allCases)
    func downloadProgress(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, _ in
            let transfer = client.transfer(try ClientRequest(.get, path: "/bytes/\(Self.downloadSize)"))
            async let collected = events(of: transfer.progress)
            let response = try await transfer.value
            var received = Data()
            for try await chunk in response.body { received.append(chunk) }
            let all = await collected
            let downloads = all.filter { $0.direction == .download }
            #expect(received == servedBytes(count: Self.downloadSize))
            #expect(downloads.count > 2)
            #expect(isIncreasing(downloads))
            #expect(downloads.last?.completedBytes == Int64(Self.downloadSize))
            #expect(downloads.allSatisfy { $0.expectedBytes == Int64(Self.downloadSize) })
            #expect(!all.contains { $0.direction == .upload }, "a GET sends no body")
        }
    }

    @Test("a transfer's stream finishes when its response body is dropped unread", arguments: TransportUnderTest.allCases)
    func streamFinishesWhenBodyIsDropped(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, server in
            let path = "/drip/transfer-dropped"
            var transfer: Transfer<ClientResponse>? = client.transfer(try ClientRequest(.get, path: RequestPath(path), query: [
                URLQueryItem(name: "chunks", value: "3000"), URLQueryItem(name: "interval", value: "5"),
            ]))
            let progress = transfer!.progress
            let status = try await transfer?.value.status
            #expect(status == .ok)
            transfer = nil
            let all = await events(of: progress)
            #expect(all.allSatisfy { $0.direction == .download })
            await server.waitForDisconnect(on: path)
        }
    }

    // MARK: Endpoints

    @Test("transfer(endpoint) gives the decoded value, reports both directions, and its stream finishes", arguments: TransportUnderTest.allCases)
    func endpointTransfer(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, _ in
            let endpoint = Endpoint<TestServer.UploadSummary>(method: .put, path: "/upload", body: .data(Self.uploadData))
            let transfer = client.transfer(endpoint)
            async let collected = events(of: transfer.progress)
            let summary = try await transfer.value
            let all = await collected
            let uploads = all.filter { $0.direction == .upload }
            let downloads = all.filter { $0.direction == .download }
            #expect(summary == TestServer.UploadSummary(bytes: Self.uploadSize, checksum: Self.uploadSummary.checksum, contentLength: String(Self.uploadSize)))
            #expect(isIncreasing(uploads))
            #expect(uploads.last?.completedBytes == Int64(Self.uploadSize))
            #expect(downloads.last.map { $0.completedBytes > 0 } == true)
        }
    }

    @Test("transfer(endpoint) of an unacceptable status fails with its kind, and its stream finishes", arguments: TransportUnderTest.allCases)
    func endpointTransferFailure(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, _ in
            let transfer = client.transfer(Endpoint<StatusReply>(path: "/status/503"))
            let error = await #expect(throws: NetworkError.self) { try await transfer.value }
            #expect(error?.kind == .unacceptableStatus(503))
            let all = await events(of: transfer.progress)
            #expect(all.allSatisfy { $0.direction == .download })
        }
    }

    // MARK: Downloads to file

    @Test("a download to file holds exactly the server's bytes, replaces the old file, and leaves no temporary file", arguments: TransportUnderTest.allCases)
    func downloadToFile(_ kind: TransportUnderTest) async throws {
        let directory = try Directory()
        defer { directory.remove() }
        let destination = directory.file("bytes.bin")
        try Data("the old content".utf8).write(to: destination)
        try await withClient(kind) { client, _ in
            let transfer = client.transfer(downloading: try ClientRequest(.get, path: "/bytes/\(Self.downloadSize)"), to: destination)
            async let collected = events(of: transfer.progress)
            let response = try await transfer.value
            let downloads = await collected
            let written = try Data(contentsOf: destination)
            #expect(response.status == .ok)
            #expect(response.body.bufferedData == Data(), "the bytes are in the file, not in the response")
            #expect(written == servedBytes(count: Self.downloadSize))
            let names = try directory.names()
            #expect(names == ["bytes.bin"])
            #expect(isIncreasing(downloads))
            #expect(downloads.last == TransferProgress(direction: .download, completedBytes: Int64(Self.downloadSize), expectedBytes: Int64(Self.downloadSize)))
        }
    }

    @Test("a download without a validator whose task is cancelled half way leaves the existing file untouched and no partial file", arguments: TransportUnderTest.allCases)
    func cancelledDownload(_ kind: TransportUnderTest) async throws {
        let directory = try Directory()
        defer { directory.remove() }
        let destination = directory.file("keep.txt")
        try Data("keep me".utf8).write(to: destination)
        try await withClient(kind) { client, server in
            let path = "/drip/download-cancelled"
            var request = try ClientRequest(.get, path: RequestPath(path), query: [
                URLQueryItem(name: "chunks", value: "3000"), URLQueryItem(name: "interval", value: "5"),
            ])
            let received = Recorded<Int64>()
            request.options.onProgress = { progress in
                if progress.direction == .download, progress.completedBytes > 0 { received.append(progress.completedBytes) }
            }
            let call = Task { [request] in try await client.download(request, to: destination) }
            try await eventually { !received.all.isEmpty }
            let namesWhileDownloading = try directory.names()
            call.cancel()
            let error = await #expect(throws: NetworkError.self) { try await call.value }
            #expect(error?.kind == .cancelled)
            #expect(namesWhileDownloading == ["keep.txt", "keep.txt.courier-partial"], "the partial file existed beside the destination")
            let kept = try String(contentsOf: destination, encoding: .utf8)
            #expect(kept == "keep me")
            let names = try directory.names()
            #expect(names == ["keep.txt"])
            await server.waitForDisconnect(on: path)
        }
    }

    @Test("Transfer.cancel() stops a download half way; the destination is left as it was", arguments: TransportUnderTest.allCases)
    func cancelledTransfer(_ kind: TransportUnderTest) async throws {
        let directory = try Directory()
        defer { directory.remove() }
        let destination = directory.file("keep.txt")
        try Data("keep me".utf8).write(to: destination)
        try await withClient(kind) { client, server in
            let path = "/drip/transfer-cancelled"
            let request = try ClientRequest(.get, path: RequestPath(path), query: [
                URLQueryItem(name: "chunks", value: "3000"), URLQueryItem(name: "interval", value: "5"),
            ])
            let transfer = client.transfer(downloading: request, to: destination)
            for await progress in transfer.progress where progress.completedBytes > 0 {
                transfer.cancel()
                break
            }
            let error = await #expect(throws: NetworkError.self) { try await transfer.value }
            #expect(error?.kind == .cancelled)
            let kept = try String(contentsOf: destination, encoding: .utf8)
            #expect(kept == "keep me")
            let names = try directory.names()
            #expect(names == ["keep.txt"])
            await server.waitForDisconnect(on: path)
        }
    }

    @Test("a 404 download is unacceptableStatus(404) and writes nothing", arguments: TransportUnderTest.allCases)
    func notFoundDownload(_ kind: TransportUnderTest) async throws {
        let directory = try Directory()
        defer { directory.remove() }
        let destination = directory.file("missing.json")
        try await withClient(kind) { client, server in
            let error = await #expect(throws: NetworkError.self) {
                try await client.download(try ClientRequest(.get, path: "/status/404"), to: destination)
            }
            #expect(error?.kind == .unacceptableStatus(404))
            let errorBody = error?.response?.body.bufferedData.map { String(decoding: $0, as: UTF8.self) }
            #expect(errorBody?.hasPrefix(#"{"status":404,"#) == true, "the error keeps the start of the body")
            let names = try directory.names()
            #expect(names == [])
            let hits = await server.hits("/status/404")
            #expect(hits == 1)
        }
    }

    // MARK: Decoding a response

    @Test("decode reads a streamed body once and decodes it", arguments: TransportUnderTest.allCases)
    func decodeValue(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, _ in
            let response = try await client.send(ClientRequest(.get, path: "/status/201"))
            let reply = try await response.decode(StatusReply.self)
            #expect(reply.status == 201)
            let again = await #expect(throws: NetworkError.self) { try await response.decode(StatusReply.self) }
            #expect(again?.kind == .invalidBody, "a streamed body can be read once")
        }
    }

    @Test("decode of an empty body is emptyBody", arguments: TransportUnderTest.allCases)
    func decodeEmpty(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, _ in
            let response = try await client.send(ClientRequest(.get, path: "/status/204"))
            let error = await #expect(throws: NetworkError.self) { try await response.decode(StatusReply.self) }
            #expect(error?.kind == .emptyBody)
            #expect(error?.response?.status == .noContent)
        }
    }

    @Test("decode of JSON of another shape is decodingFailed, naming where", arguments: TransportUnderTest.allCases)
    func decodeWrongShape(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, _ in
            let response = try await client.send(ClientRequest(.get, path: "/status/200"))
            let error = await #expect(throws: NetworkError.self) { try await response.decode(MistypedStatusReply.self) }
            #expect(error?.kind == .decodingFailed(codingPath: "status"))
            let errorBody = error?.response?.body.bufferedData.map { String(decoding: $0, as: UTF8.self) }
            #expect(errorBody?.hasPrefix(#"{"status":200,"#) == true, "the error keeps the bytes read")

            let page = try await client.send(ClientRequest(.get, path: "/not-json"))
            let notJSON = await #expect(throws: NetworkError.self) { try await page.decode(StatusReply.self) }
            #expect(notJSON?.kind == .decodingFailed(codingPath: ""))
        }
    }

    @Test("decode over its limit is bodyTooLarge, by the argument or by the request's maxResponseBodySize", arguments: TransportUnderTest.allCases)
    func decodeOverLimit(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, server in
            let announced = try await client.send(ClientRequest(.get, path: "/bytes/100000"))
            let byArgument = await #expect(throws: NetworkError.self) { try await announced.decode(StatusReply.self, upTo: 1000) }
            #expect(byArgument?.kind == .bodyTooLarge)

            var options = RequestOptions()
            options.maxResponseBodySize = 100
            let path = "/drip/decode-limit"
            let counted = try await client.send(ClientRequest(.get, path: RequestPath(path), query: [
                URLQueryItem(name: "chunks", value: "5000"), URLQueryItem(name: "interval", value: "1"),
            ], options: options))
            let byOption = await #expect(throws: NetworkError.self) { try await counted.decode(StatusReply.self) }
            #expect(byOption?.kind == .bodyTooLarge)
            await server.waitForDisconnect(on: path)
        }
    }
}
