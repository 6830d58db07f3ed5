import Courier
import CourierCompression
import CourierTesting
import Foundation
import Testing

/// Text that compresses well: a JSON array of similar records.
private func records(_ count: Int) -> Data {
    Data(("[" + (0..<count).map { #"{"id":\#($0),"name":"record \#($0)","tags":["a","b"]}"# }.joined(separator: ",") + "]").utf8)
}

@Suite("Request compression on every transport, checked by a server that decodes", .timeLimit(.minutes(1)))
struct RequestCompressionConformanceTests {
    @Test("a body in memory is gzipped with a Content-Length, and decodes to what was sent", arguments: TransportUnderTest.allCases)
    func bufferedGzip(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, _ in
            let body = records(500)
            let upload = try await client.compressingRequests(.gzip)
                .send(Endpoint<TestServer.DecodedUpload>(method: .post, path: "/upload/decoded", body: .data(body, contentType: "application/json")))
            #expect(upload.contentEncoding == "gzip")
            #expect(upload.contentLength == String(upload.receivedBytes))
            #expect(upload.receivedBytes < body.count / 5)
            #expect(upload.decoded == TestServer.UploadSummary.of(body))
        }
    }

    @Test("a stream of unknown length is deflated while it is sent, and decodes to what was sent", arguments: TransportUnderTest.allCases)
    func streamedDeflate(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, _ in
            let size = 3 * 1024 * 1024 + 5
            var request = try ClientRequest(.put, path: "/upload/decoded")
            request.body = .stream { generatedChunks(count: size, chunkSize: 10_000) }
            let response = try await client.compressingRequests(.deflate, level: .fastest).send(request)
            let upload = try JSONDecoder().decode(TestServer.DecodedUpload.self, from: try await response.body.collect(upTo: 1 << 16))
            #expect(upload.contentEncoding == "deflate")
            #expect(upload.receivedBytes < size / 10)
            #expect(upload.decoded == TestServer.UploadSummary.of(generatedBytes(count: size)))
        }
    }

    @Test("a file body is compressed as it is read, and a PNG or an encoded body is sent as it is", arguments: TransportUnderTest.allCases)
    func fileAndSkips(_ kind: TransportUnderTest) async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-compress-\(UUID().uuidString).json")
        let body = records(2000)
        try body.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try await withClient(kind) { client, _ in
            let compressing = client.compressingRequests()
            var request = try ClientRequest(.post, path: "/upload/decoded", headers: ["Content-Type": "application/json"])
            request.body = try .file(at: file, chunkSize: 4096)
            let fromFile = try JSONDecoder().decode(TestServer.DecodedUpload.self, from: try await compressing.send(request).body.collect(upTo: 1 << 16))
            #expect(fromFile.contentEncoding == "gzip")
            #expect(fromFile.decoded == TestServer.UploadSummary.of(body))

            let png = Endpoint<TestServer.DecodedUpload>(method: .post, path: "/upload/decoded", body: .data(body, contentType: "image/png"))
            let asIs = try await compressing.send(png)
            #expect(asIs.contentEncoding == nil)
            #expect(asIs.receivedBytes == body.count)
        }
    }
}
