import Courier
import CourierTesting
import CourierTestSupport
import Foundation
import Testing

/// What `courier send` sends: nested and repeated items, a body from standard input, the localhost
/// shorthand, and `--offline`, which prints the request instead.
@Suite("courier send: items, standard input, :port and --offline", .serialized, .timeLimit(.minutes(3)))
struct SendInputAndItemsTests {
    func send(_ arguments: String..., input: CourierProcess.Input = .nullDevice) async throws -> CourierProcess.Outcome {
        try await CourierProcess.run(["send"] + arguments, input: input)
    }

    @Test("-j with nested and repeated items sends one nested JSON object")
    func nestedJSON() async throws {
        try await TestServer.withRunning { server in
            let outcome = try await send("-j", server.baseURL + "/echo", "user[name]=ada", "user[langs][]=swift", "tags[]:=1", "a[0]=x", "tag=a", "tag=b")
            #expect(outcome.status == 0, "\(outcome.standardError)")
            let echo = try JSONDecoder().decode(TestServer.Echo.self, from: outcome.output)
            #expect(echo.body == #"{"a":["x"],"tag":["a","b"],"tags":[1],"user":{"langs":["swift"],"name":"ada"}}"#)
            let conflict = try await send(server.baseURL + "/echo", "a=1", "a[b]=2")
            #expect(conflict.status == 64)
            #expect(conflict.standardError == "courier: 'a[b]=2' does not fit the JSON body the items before it built: 'b' is a key, but this place holds a value.\n")
        }
    }

    @Test("-f sends a repeated field twice, in order")
    func repeatedFormField() async throws {
        try await TestServer.withRunning { server in
            let outcome = try await send("-f", server.baseURL + "/form", "tag=a", "tag=b", "name=Zoë")
            let form = try JSONDecoder().decode(TestServer.FormEcho.self, from: outcome.output)
            #expect(form.pairs == [["tag", "a"], ["tag", "b"], ["name", "Zoë"]])
        }
    }

    @Test("a pipe on standard input is the body of a POST, streamed (chunked); its bytes arrive exactly")
    func pipedBody() async throws {
        try await TestServer.withRunning { server in
            let json = try await send(server.baseURL + "/echo", input: .pipe(Data(#"{"from":"stdin"}"#.utf8)))
            let echo = try JSONDecoder().decode(TestServer.Echo.self, from: json.output)
            #expect(echo.method == "POST")
            #expect(echo.body == #"{"from":"stdin"}"#)
            #expect(echo.headers["content-type"] == "application/json")
            #expect(echo.headers["transfer-encoding"] == "chunked")
            let bytes = TestServer.randomBytes(count: 5 * 1024 * 1024 + 3, seed: 11)
            let upload = try await send("PUT", server.baseURL + "/upload", "Content-Type:application/octet-stream", input: .pipe(bytes))
            #expect(upload.status == 0, "\(upload.standardError)")
            let summary = try JSONDecoder().decode(TestServer.UploadSummary.self, from: upload.output)
            #expect(summary.bytes == bytes.count && summary.checksum == TestServer.UploadSummary.of(bytes).checksum)
        }
    }

    @Test("a file on standard input is sent with its Content-Length")
    func fileBody() async throws {
        let file = try temporaryFile(Data("from a file".utf8))
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try await TestServer.withRunning { server in
            let outcome = try await send(server.baseURL + "/echo", input: .file(file))
            let echo = try JSONDecoder().decode(TestServer.Echo.self, from: outcome.output)
            #expect(echo.body == "from a file")
            #expect(echo.headers["content-length"] == "11")
        }
    }

    @Test("--ignore-stdin, data items and /dev/null leave standard input unread: a GET, or the items' body")
    func standardInputIgnored() async throws {
        try await TestServer.withRunning { server in
            let ignored = try await send("--ignore-stdin", server.baseURL + "/echo", input: .pipe(Data("unread".utf8)))
            let ignoredEcho = try JSONDecoder().decode(TestServer.Echo.self, from: ignored.output)
            #expect(ignoredEcho.method == "GET" && ignoredEcho.body.isEmpty)
            let items = try await send(server.baseURL + "/echo", "a=1", input: .pipe(Data("unread".utf8)))
            #expect(try JSONDecoder().decode(TestServer.Echo.self, from: items.output).body == #"{"a":"1"}"#)
            let null = try await send(server.baseURL + "/echo")
            #expect(try JSONDecoder().decode(TestServer.Echo.self, from: null.output).method == "GET")
        }
    }

    @Test("':PORT/path' reaches localhost on that port")
    func localhostShorthand() async throws {
        try await TestServer.withRunning { server in
            let outcome = try await send(":\(server.port)/echo", "q==1")
            #expect(outcome.status == 0, "\(outcome.standardError)")
            let echo = try JSONDecoder().decode(TestServer.Echo.self, from: outcome.output)
            #expect(echo.path == "/echo" && echo.headers["host"] == "localhost:\(server.port)")
        }
    }

    @Test("--offline prints the request head and body exactly, sends nothing, exits 0; -p B the body alone")
    func offline() async throws {
        try await TestServer.withRunning { server in
            let outcome = try await send("--offline", "--bearer", "tok", ":3000/users", "user[name]=ada", "X-Trace:1")
            #expect(outcome.status == 0, "\(outcome.standardError)")
            #expect(outcome.standardOutput == """
                POST /users HTTP/1.1
                Host: localhost:3000
                Content-Type: application/json
                Accept: application/json, */*;q=0.5
                X-Trace: 1
                Authorization: <redacted>
                User-Agent: Courier/0.1.0
                Accept-Encoding: gzip, deflate
                Content-Length: 23

                {"user":{"name":"ada"}}
                """)
            let body = try await send("--offline", "-p", "B", server.baseURL + "/echo", input: .pipe(Data([0, 1, 2, 255])))
            #expect(body.output == Data([0, 1, 2, 255]))
            let head = try await send("--offline", "-p", "H", server.baseURL + "/echo")
            #expect(head.standardOutput.hasPrefix("GET /echo HTTP/1.1\nHost: 127.0.0.1:\(server.port)\n"))
            #expect(head.standardOutput.contains("\nUser-Agent: \(Client.defaultUserAgent)\n"))
            let own = try await send("--offline", "-p", "H", server.baseURL + "/echo", "User-Agent:mine/2")
            #expect(own.standardOutput.contains("\nUser-Agent: mine/2\n") && !own.standardOutput.contains("Courier/"))
            #expect(await server.totalHits() == 0)
        }
    }
}
