import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import HTTPTypes
import InMemoryTracing
import Logging
import Testing
import Tracing

/// RELIABILITY.md scenario 48 and the observability layers, against the real local server.
@Suite("Observability against the real local server", .timeLimit(.minutes(1)))
struct ObservabilityConformanceTests {
    /// A request full of things a shell would mangle: quotes, `$`, backquotes, spaces, newlines.
    static func awkwardRequest(_ server: TestServer) throws -> ClientRequest {
        var request = try ClientRequest(.post, url: server.baseURL + "/echo/some%20path?q=a%20b&quote=it%27s&token=tok-1")
        try request.setHeader("X-Quote", #"it's "quoted" $HOME `whoami`"#)
        try request.setHeader("X-Spaces", "a  b")
        try request.setHeader("Authorization", "Bearer abc'def")
        try request.setHeader("Content-Type", "application/json")
        request.body = .text("{\"text\":\"line 1\\nit's $(whoami) `x`\",\n\"n\":1}")
        return request
    }

    @Test("the cURL command, run by the system curl, reaches the server exactly as the original request (RELIABILITY 48)", arguments: TransportUnderTest.allCases)
    func curlEcho(_ kind: TransportUnderTest) async throws {
        try await withServer(kind) { transport, server in
            let request = try Self.awkwardRequest(server)
            let originalBody = try await Client(transport: transport).send(request).body.collect(upTo: 1 << 20)
            let original = try JSONDecoder().decode(TestServer.Echo.self, from: originalBody)
            let command = request.cURLDescription(redactor: Redactor.none)
            let output = try await runShell(command + " --silent --show-error --max-time 20")
            let replayed = try JSONDecoder().decode(TestServer.Echo.self, from: output)

            #expect(replayed.method == original.method)
            #expect(replayed.path == original.path)
            #expect(replayed.query == original.query)
            #expect(replayed.queryItems == original.queryItems)
            #expect(replayed.body == original.body)
            for name in ["x-quote", "x-spaces", "authorization", "content-type", "content-length"] {
                #expect(replayed.headers[name] == original.headers[name], "header \(name)")
            }
            #expect(original.headers["x-quote"] == #"it's "quoted" $HOME `whoami`"#)
        }
    }

    @Test("binary and file bodies replayed by curl arrive byte for byte")
    func curlBodies() async throws {
        try await TestServer.withRunning { server in
            var binary = try ClientRequest(.post, url: server.baseURL + "/upload")
            let bytes = Data((0..<1024).map { UInt8($0 % 256) })
            binary.body = .bytes(bytes)
            let binaryOutput = try await runShell(binary.cURLDescription() + " --silent --show-error --max-time 20")
            let received = try JSONDecoder().decode(TestServer.UploadSummary.self, from: binaryOutput)
            #expect(received.bytes == bytes.count)
            #expect(received.checksum == TestServer.UploadSummary.of(bytes).checksum)

            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-curl-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("it's a file.bin")
            try bytes.write(to: file)
            var upload = try ClientRequest(.put, url: server.baseURL + "/upload")
            upload.body = try .file(at: file)
            let fileOutput = try await runShell(upload.cURLDescription() + " --silent --show-error --max-time 20")
            let uploaded = try JSONDecoder().decode(TestServer.UploadSummary.self, from: fileOutput)
            #expect(uploaded.checksum == TestServer.UploadSummary.of(bytes).checksum)
        }
    }

    @Test("the server receives the W3C traceparent of the request's span", arguments: TransportUnderTest.allCases)
    func traceparent(_ kind: TransportUnderTest) async throws {
        try await withServer(kind) { transport, server in
            let tracer = W3CInMemoryTracer()
            let client = Client(transport: transport).tracing(with: tracer).targeting(server.server)
            let echo = try await client.send(Endpoint<TestServer.Echo>(path: "/echo"))
            let span = try #require(tracer.recorded.finishedSpans.first)
            #expect(echo.headers["traceparent"] == "00-\(span.traceID)-\(span.spanID)-01")
            #expect(span.attributes["http.response.status_code"]?.toSpanAttribute() == .int64(200))
            #expect(span.attributes["server.port"]?.toSpanAttribute() == .int64(Int64(server.port)))
        }
    }

    @Test("no log line, cURL string, span or error description contains a secret (RELIABILITY 48)", arguments: TransportUnderTest.allCases)
    func noSecretAnywhere(_ kind: TransportUnderTest) async throws {
        try await withServer(kind) { transport, server in
            let secrets = ["bearer-s3cret", "cookie-s3cret", "apikey-s3cret", "password-s3cret", "header-key-s3cret", "userinfo-s3cret"]
            var printed: [String] = []
            let (logger, lines) = CapturingLogHandler.logger(level: .trace)
            var everything = LoggingConfiguration()
            everything.bodies = .text(upTo: 64 * 1024)
            let tracer = W3CInMemoryTracer()
            let reports = Recorded<RequestInstrumentation>()
            let client = Client(transport: transport)
                .logging(to: logger, everything)
                .retrying(.immediate(maxAttempts: 2))
                .tracing(with: tracer)
                .numbered()
                .instrumented { reports.append($0) }

            func signed(_ method: HTTPRequest.Method, _ path: String) throws -> ClientRequest {
                var request = try ClientRequest(method, url: server.baseURL + path)
                try request.setHeader("Authorization", "Bearer bearer-s3cret")
                try request.setHeader("Cookie", "session=cookie-s3cret")
                try request.setHeader("X-Api-Key", "header-key-s3cret")
                return request
            }

            // Answered: the articles, with a secret in the query; a form and a JSON body with a password.
            var requests = [try signed(.get, "/articles?api_key=apikey-s3cret&tag=swift")]
            var form = try signed(.post, "/status/201?token=apikey-s3cret")
            form.body = .text("user=ann&password=password-s3cret")
            try form.setHeader("Content-Type", "application/x-www-form-urlencoded")
            requests.append(form)
            var json = try signed(.put, "/status/200")
            json.body = .text(#"{"user":"ann","password":"password-s3cret","api_key":"apikey-s3cret"}"#)
            try json.setHeader("Content-Type", "application/json")
            requests.append(json)
            // A server-issued token in a JSON body.
            requests.append(try signed(.post, "/auth/token"))
            for request in requests {
                let response = try await client.send(request)
                _ = try await response.body.collect(upTo: 1 << 20)
                printed += [response.description, String(reflecting: response), request.cURLDescription(), response.request.cURLDescription()]
            }

            // Failing: a 401 with WWW-Authenticate, a refused connection, a timeout, a 503 retried.
            let unauthorized = Endpoint<[String: Bool]>(path: "/auth/protected/me", headers: ["Authorization": "Bearer bearer-s3cret"])
            do {
                _ = try await client.targeting(server.server).send(unauthorized)
            } catch {
                printed += [String(describing: error), String(reflecting: error), error.localizedDescription]
            }
            var refused = try ClientRequest(url: "http://127.0.0.1:1/x?token=apikey-s3cret")
            try refused.setHeader("Authorization", "Bearer bearer-s3cret")
            var slow = try signed(.get, "/delay/2000?api_key=apikey-s3cret")
            slow.options.timeout = .milliseconds(200)
            for request in [refused, slow, try signed(.get, "/status/503?token=apikey-s3cret")] {
                do {
                    let response = try await client.send(request)
                    printed += [response.description]
                } catch {
                    printed += [String(describing: error), String(reflecting: error), error.localizedDescription]
                }
            }
            // A hand-built head with userinfo in its authority.
            var head = HTTPRequest(method: .get, scheme: "http", authority: "ann:userinfo-s3cret@127.0.0.1:\(server.port)", path: "/status/200")
            head.headerFields[.authorization] = "Basic userinfo-s3cret"
            printed += [ClientRequest(head: head).description, ClientRequest(head: head).cURLDescription()]

            let token = try #require(lines.all.compactMap { line -> String? in
                line.message.contains("<-- body") && line.message.contains(#""token""#) ? line.message : nil
            }.first, "the token response's body was logged")
            printed += lines.all.map(\.fullText)
            printed += reports.all.map(\.description)
            for span in tracer.recorded.finishedSpans {
                span.attributes.forEach { name, value in printed.append("\(name)=\(value)") }
                printed += span.errors.map { String(describing: $0.error) }
            }

            #expect(lines.all.count >= 20, "the sweep must cover every kind of line")
            #expect(printed.joined().contains("<redacted>"))
            #expect(token.contains(#""token":"<redacted>""#))
            for text in printed {
                for secret in secrets {
                    #expect(!text.contains(secret), "\(secret) printed in: \(text)")
                }
            }
        }
    }
}
