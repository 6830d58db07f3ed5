import Courier
import CourierCompression
import Foundation
import Testing

/// What the decoding echo (Tests/OpenAPIE2E/decoding_echo.py) says it received, after aiohttp decoded it.
private struct Decoded: Decodable {
    var bytes: Int
    var body: String
    var contentEncoding: String?
    var transferEncoding: String?
    var contentLength: String?

    var bodyData: Data? { Data(base64Encoded: body) }
}

/// CSV-like text that compresses well.
private func rows(_ count: Int) -> Data {
    Data((0..<count).map { "\($0),sensor-\($0 % 17),\(Double($0) * 0.25),ok\n" }.joined().utf8)
}

/// `data` in chunks of `size`, made afresh for each send.
private func chunks(of data: Data, size: Int) -> AsyncStream<Data> {
    AsyncStream { continuation in
        var offset = 0
        while offset < data.count {
            continuation.yield(data.subdata(in: offset..<min(offset + size, data.count)))
            offset += size
        }
        continuation.finish()
    }
}

/// Compressed request bodies decoded by a server nobody on this team wrote: aiohttp decodes `Content-Encoding`
/// itself, chunked or not, and the app echoes the decoded bytes.
@Suite(.serialized, .enabled(if: E2EEnvironment.decodingEcho != nil || E2EEnvironment.isRequired, "DECODING_ECHO_URL is not set: source scripts/openapi-e2e/start.sh"))
struct AiohttpCompressionTests {
    @Test(arguments: ContentCoding.allCases)
    func streamedBodyIsDecodedWhole(coding: ContentCoding) async throws {
        try await withE2EClient(try E2EEnvironment.decodingEchoServer()) { client, _ in
            let original = rows(40_000)
            var request = try ClientRequest(.post, path: "/decoded", headers: ["Content-Type": "text/csv"])
            request.body = .stream { chunks(of: original, size: 16_384) }
            let response = try await client.compressingRequests(coding).send(request)
            #expect(response.status == .ok)
            let echo = try JSONDecoder().decode(Decoded.self, from: try await response.body.collect(upTo: 8 << 20))
            #expect(echo.contentEncoding == coding.token)
            #expect(echo.transferEncoding == "chunked")
            #expect(echo.bytes == original.count)
            #expect(echo.bodyData == original)
        }
    }

    @Test func bufferedBodyKeepsItsCompressedLength() async throws {
        try await withE2EClient(try E2EEnvironment.decodingEchoServer()) { client, recorder in
            let original = rows(5000)
            let endpoint = Endpoint<Decoded>(method: .put, path: "/decoded", body: .data(original, contentType: "text/csv"))
            let echo = try await client.compressingRequests(.gzip).send(endpoint)
            let sent = try await recorder.only()
            #expect(echo.contentEncoding == "gzip")
            #expect(echo.contentLength == sent.body.map { String($0.count) })
            #expect((sent.body?.count ?? .max) < original.count / 3)
            #expect(echo.bodyData == original)
        }
    }
}
