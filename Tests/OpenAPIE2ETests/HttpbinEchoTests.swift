import Courier
import Foundation
import HttpbinEcho
import Testing

/// The client generated from `Tests/OpenAPIFixtures/httpbin-echo-subset-3.0.yaml` against a real httpbin: each test
/// pins the bytes Courier sent (recorded at the transport) and what httpbin decoded from them (its echo).
@Suite(.serialized, .enabled(if: E2EEnvironment.httpbin != nil || E2EEnvironment.isRequired, "HTTPBIN_URL is not set: source scripts/openapi-e2e/start.sh"))
struct HttpbinEchoTests {
    @Test func queryArrayExplodedAndPercentEncoded() async throws {
        let server = try E2EEnvironment.httpbinServer()
        let base = E2EEnvironment.httpbin ?? ""
        try await withE2EClient(server) { client, recorder in
            let echo = try await client.send(API.general.echoGet(tags: ["a b", "c&d", "é", "+", "/"], limit: 5, xTraceId: "trace 1"))

            let sent = try await recorder.only()
            #expect(sent.target == "/get?tags=a%20b&tags=c%26d&tags=%C3%A9&tags=%2B&tags=%2F&limit=5")
            #expect(sent.headers["x-trace-id"] == "trace 1")
            #expect(echo.args?["tags"] == .stringArray(["a b", "c&d", "é", "+", "/"]))
            #expect(echo.args?["limit"] == .string("5"))
            // httpbin rebuilds the URL with Werkzeug, which shows `é` and `/` decoded and keeps the rest escaped.
            #expect(echo.url == "\(base)/get?tags=a%20b&tags=c%26d&tags=é&tags=%2B&tags=/&limit=5")
            #expect(echo.headers?["X-Trace-Id"] == "trace 1")
        }
    }

    @Test func optionalQueryParameterLeftOutWhenNil() async throws {
        try await withE2EClient(try E2EEnvironment.httpbinServer()) { client, recorder in
            let echo = try await client.send(API.general.echoGet(tags: ["x"]))

            let sent = try await recorder.only()
            #expect(sent.target == "/get?tags=x")
            #expect(sent.headers["x-trace-id"] == nil)
            #expect(echo.args == ["tags": .string("x")])
        }
    }

    @Test func jsonBodyRoundTripWithDate() async throws {
        try await withE2EClient(try E2EEnvironment.httpbinServer()) { client, recorder in
            let payload = Payload(kind: .b, when: Date(timeIntervalSince1970: 1_700_000_000.25), note: "n", extra: ["x": 1])
            let echo = try await client.send(API.general.echoJson(body: payload))

            let sent = try await recorder.only()
            #expect(sent.bodyText == #"{"extra":{"x":1},"kind":"b","note":"n","when":"2023-11-14T22:13:20.250Z"}"#)
            #expect(sent.headers["content-type"] == "application/json")
            #expect(echo.json == .object([
                "kind": .string("b"),
                "when": .string("2023-11-14T22:13:20.250Z"),
                "note": .string("n"),
                "extra": .object(["x": .int(1)]),
            ]))
            let json = try JSONEncoder().encode(try #require(echo.json))
            let decoded = try HttpbinEchoCoders.shared.decoder.decode(Payload.self, from: json)
            #expect(decoded == payload)
        }
    }

    @Test func formBodyFraming() async throws {
        try await withE2EClient(try E2EEnvironment.httpbinServer()) { client, recorder in
            let echo = try await client.send(API.general.echoForm(body: EchoFormRequest(name: "a b&c=d+é", count: 3)))

            let sent = try await recorder.only()
            #expect(sent.headers["content-type"] == "application/x-www-form-urlencoded")
            #expect(sent.bodyText == "name=a%20b%26c%3Dd%2B%C3%A9&count=3")
            #expect(echo.form == ["name": "a b&c=d+é", "count": "3"])
            #expect(echo.headers?["Content-Type"] == "application/x-www-form-urlencoded")
        }
    }

    @Test func multipartFraming() async throws {
        try await withE2EClient(try E2EEnvironment.httpbinServer()) { client, recorder in
            let file = MultipartFile(data: Data("hello\r\n--almost a boundary\r\n".utf8), filename: "greeting.txt", contentType: "text/plain")
            let echo = try await client.send(API.general.echoMultipart(body: EchoMultipartRequest(file: file, note: "a note é")))

            let sent = try await recorder.only()
            let contentType = try #require(sent.headers["content-type"])
            #expect(contentType.hasPrefix("multipart/form-data; boundary="))
            let boundary = String(contentType.dropFirst("multipart/form-data; boundary=".count))
            #expect(sent.bodyText == """
                --\(boundary)\r
                Content-Disposition: form-data; name="file"; filename="greeting.txt"\r
                Content-Type: text/plain\r
                \r
                hello\r
                --almost a boundary\r
                \r
                --\(boundary)\r
                Content-Disposition: form-data; name="note"\r
                \r
                a note é\r
                --\(boundary)--\r

                """)
            #expect(echo.files == ["file": "hello\r\n--almost a boundary\r\n"])
            #expect(echo.form == ["note": "a note é"])
        }
    }

    @Test func documentedStatusIsTypedError() async throws {
        try await withE2EClient(try E2EEnvironment.httpbinServer()) { client, _ in
            let teapot = try await networkError { try await client.send(API.general.status(code: 418)) }
            #expect(teapot.kind == .unacceptableStatus(418))
            #expect(teapot.documentedError(as: StatusError.self) == .imATeapot)

            let other = try await networkError { try await client.send(API.general.status(code: 503)) }
            #expect(other.kind == .unacceptableStatus(503))
            #expect(other.documentedError(as: StatusError.self) == .other(status: 503, body: Data()))

            try await client.send(API.general.status(code: 200))
        }
    }

    @Test func binaryBody() async throws {
        try await withE2EClient(try E2EEnvironment.httpbinServer()) { client, _ in
            let (bytes, response) = try await client.response(API.general.bytes(n: 16))
            #expect(bytes.count == 16)
            #expect(response.status.code == 200)
            #expect(response.head.headerFields.first { $0.name.canonicalName == "content-type" }?.value == "application/octet-stream")
        }
    }
}
