import Courier
import CourierCompression
import Foundation
import Testing

/// What httpbin's `/anything` says it received.
private struct Anything: Decodable {
    var data: String
    var headers: [String: String]
    var json: JSONValue?
}

/// Text that compresses well.
private func report(_ lines: Int) -> Data {
    Data((0..<lines).map { "2026-11-25T03:00:\(String(format: "%02d", $0 % 60))Z INFO request \($0) served in 12 ms\n" }.joined().utf8)
}

/// Compressed request bodies sent to a real httpbin (Flask/Werkzeug). httpbin does not decode them: it echoes the
/// bytes it received, base64-encoded, with the request's `Content-Encoding` — these tests check those bytes are
/// exactly a gzip (or zlib) stream of what was sent, with a `Content-Length` that matches.
@Suite(.serialized, .enabled(if: E2EEnvironment.httpbin != nil || E2EEnvironment.isRequired, "HTTPBIN_URL is not set: source scripts/openapi-e2e/start.sh"))
struct HttpbinCompressionTests {
    /// The bytes httpbin received, from its `data:application/octet-stream;base64,…` echo.
    private func received(_ echo: Anything) throws -> Data {
        let prefix = "data:application/octet-stream;base64,"
        try #require(echo.data.hasPrefix(prefix), "httpbin echoed text, not bytes: \(echo.data.prefix(80))")
        return try #require(Data(base64Encoded: String(echo.data.dropFirst(prefix.count))))
    }

    @Test func bufferedJSONIsSentGzippedWithItsLength() async throws {
        try await withE2EClient(try E2EEnvironment.httpbinServer()) { client, _ in
            let original = report(400)
            let endpoint = Endpoint<Anything>(method: .post, path: "/anything", body: .data(original, contentType: "text/plain"))
            let echo = try await client.compressingRequests(.gzip).send(endpoint)
            #expect(echo.headers["Content-Encoding"] == "gzip")
            #expect(echo.json == nil)
            let bytes = try received(echo)
            #expect(echo.headers["Content-Length"] == String(bytes.count))
            #expect(bytes.count < original.count / 5)
            #expect(try ContentDecoder.decode(bytes, as: .gzip) == original)
        }
    }

    @Test func bufferedBodyIsSentDeflatedAsZlib() async throws {
        try await withE2EClient(try E2EEnvironment.httpbinServer()) { client, _ in
            let original = report(3000)
            let endpoint = Endpoint<Anything>(method: .put, path: "/anything", body: .data(original, contentType: "text/csv"))
            let echo = try await client.compressingRequests(.deflate, level: .smallest).send(endpoint)
            #expect(echo.headers["Content-Encoding"] == "deflate")
            let bytes = try received(echo)
            #expect(echo.headers["Content-Length"] == String(bytes.count))
            #expect(try ContentDecoder.decode(bytes, as: .deflate) == original)
        }
    }

    // NOTE: no streamed body here: a compressed stream's length is unknown, so it goes chunked, and Werkzeug's
    // development server (httpbin's `app.run`) answers any chunked request 501 "Chunked requests are not
    // supported". Streamed compression is checked against the test server, which decodes, on both transports.
}
