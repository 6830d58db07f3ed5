import Courier
import CourierTesting
import CourierTestSupport
import Foundation
import Testing

/// Issue #40: what people coming from HTTPie and curl type, run as the built binary against the test server.
@Suite("courier send: HTTPie's and curl's habits", .serialized, .timeLimit(.minutes(3)))
struct SendHTTPieHabitsTests {
    func send(_ arguments: String...) async throws -> CourierProcess.Outcome {
        try await CourierProcess.run(["send"] + arguments)
    }

    func echo(_ outcome: CourierProcess.Outcome) throws -> TestServer.Echo {
        try JSONDecoder().decode(TestServer.Echo.self, from: outcome.output)
    }

    static func temporaryFile(_ name: String, _ contents: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-habits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(contents.utf8).write(to: url)
        return url
    }

    @Test("-F keeps a cookie one hop set for the next hop of the same chain")
    func cookieAcrossRedirects() async throws {
        try await TestServer.withRunning { server in
            let outcome = try await send("-F", server.baseURL + "/redirect-to?url=/echo&setCookie=session%3Dabc")
            #expect(outcome.status == 0, "\(outcome.standardError)")
            #expect(try echo(outcome).headers["cookie"] == "session=abc")
        }
    }

    @Test("-f with a file item sends multipart/form-data, as HTTPie does; :=json in a form says what to write instead")
    func formWithFile() async throws {
        try await TestServer.withRunning { server in
            let cover = try Self.temporaryFile("cover.png", "PNG bytes")
            let outcome = try await send("-f", server.baseURL + "/multipart", "title=Cover photo", "cover@\(cover.path)")
            #expect(outcome.status == 0, "\(outcome.standardError)")
            let form = try JSONDecoder().decode(TestServer.MultipartEcho.self, from: outcome.output)
            #expect(form.parts.map(\.name) == ["title", "cover"])
            #expect(form.parts.first?.text == "Cover photo")
            #expect(form.parts.last?.text == "PNG bytes")
            let json = try await send("-f", server.baseURL + "/form", "count:=3")
            #expect(json.status == 64)
            #expect(json.standardError.contains("write count=text, or send JSON with --json"))
        }
    }

    @Test("name=@file sends the file's text as a field, name:=@file its JSON; a missing file is an error, never the literal")
    func fileContentItems() async throws {
        try await TestServer.withRunning { server in
            let note = try Self.temporaryFile("note.txt", "hello\n")
            let object = try Self.temporaryFile("obj.json", #"{"a": [1, 2]}"#)
            let outcome = try await send(server.baseURL + "/echo", "text=@\(note.path)", "obj:=@\(object.path)")
            #expect(outcome.status == 0, "\(outcome.standardError)")
            #expect(try echo(outcome).body == #"{"obj":{"a":[1,2]},"text":"hello\n"}"#)
            let missing = try await send(server.baseURL + "/echo", "text=@/nonexistent/note.txt")
            #expect(missing.status == 64)
            #expect(missing.standardError == "courier: 'text=@/nonexistent/note.txt': cannot read the file /nonexistent/note.txt.\n")
            #expect(await server.hits("/echo") == 1)
        }
    }

    @Test("'Name:' removes a header, defaults included; 'Name;' sends it empty")
    func removeAndEmptyHeaders() async throws {
        try await TestServer.withRunning { server in
            let outcome = try await send(server.baseURL + "/echo", "Accept:", "User-Agent:", "X-Empty;")
            #expect(outcome.status == 0, "\(outcome.standardError)")
            let headers = try echo(outcome).headers
            #expect(headers["accept"] == nil)
            #expect(headers["user-agent"] == nil)
            #expect(headers["x-empty"] == "")
            let wrong = try await send(server.baseURL + "/echo", "X-Empty;more")
            #expect(wrong.status == 64)
        }
    }

    @Test("-a user:password, -A bearer -a TOKEN and a URL's user:password@ send Authorization as HTTPie does")
    func authOptions() async throws {
        try await TestServer.withRunning { server in
            let basic = try await send("-a", "ada:secret", server.baseURL + "/echo")
            #expect(try echo(basic).headers["authorization"] == "Basic " + Data("ada:secret".utf8).base64EncodedString())
            let bearer = try await send("-A", "bearer", "-a", "t0ken", server.baseURL + "/echo")
            #expect(try echo(bearer).headers["authorization"] == "Bearer t0ken")
            let inURL = try await send("http://ada:s%40cret@127.0.0.1:\(server.port)/echo")
            #expect(inURL.status == 0, "\(inURL.standardError)")
            #expect(try echo(inURL).headers["authorization"] == "Basic " + Data("ada:s@cret".utf8).base64EncodedString())
            let unknownType = try await send("-A", "digest", "-a", "ada:secret", server.baseURL + "/echo")
            #expect(unknownType.status == 64)
        }
    }

    @Test("--max-redirects bounds -F (30 by default, as HTTPie)")
    func maxRedirects() async throws {
        try await TestServer.withRunning { server in
            let many = try await send("-F", server.baseURL + "/redirect/12")
            #expect(many.status == 0, "\(many.standardError)")
            let bounded = try await send("-F", "--max-redirects", "2", server.baseURL + "/redirect/3")
            #expect(bounded.status == 6, "\(bounded.standardError)")
        }
    }

    @Test("with standard error not a terminal, a failing status writes one line; --quiet writes none")
    func failingStatusLine() async throws {
        try await TestServer.withRunning { server in
            let outcome = try await send(server.baseURL + "/status/404")
            #expect(outcome.status == 4)
            #expect(outcome.standardError == "courier: 404 Not Found GET \(server.baseURL)/status/404\n")
            let quiet = try await send("--quiet", server.baseURL + "/status/404")
            #expect(quiet.status == 4)
            #expect(quiet.standardError.isEmpty)
        }
    }

    @Test("-v shows each attempt of a retried exchange and each redirect hop, with its status and time")
    func verboseAttempts() async throws {
        try await TestServer.withRunning { server in
            let retried = try await send("-v", "--retry", "2", server.baseURL + "/status/503")
            let attempts = retried.standardError.split(separator: "\n").filter { $0.contains("/status/503 (attempt ") }
            #expect(attempts.count == 3, "\(retried.standardError)")
            #expect(attempts.allSatisfy { $0.contains(": 503 Service Unavailable in ") && $0.hasSuffix(" ms") })
            let followed = try await send("-v", "-F", server.baseURL + "/redirect/2")
            let hops = followed.standardError.split(separator: "\n").filter { $0.hasPrefix("courier: GET ") && $0.contains(" (attempt 1): ") }
            #expect(hops.count == 3, "\(followed.standardError)")
            #expect(hops.last?.contains("/echo (attempt 1): 200 OK in ") == true)
        }
    }

    @Test("--timeout on a body that arrives too slowly says the body was late, not that nobody answered")
    func slowBodyTimeout() async throws {
        try await TestServer.withRunning { server in
            let outcome = try await send("--timeout", "1", server.baseURL + "/drip?chunks=30&interval=100")
            #expect(outcome.status == 2)
            #expect(outcome.standardError.contains("the response began but its body did not finish in time"), "\(outcome.standardError)")
        }
    }

    @Test("-d names a file from the URL with the extension its Content-Type calls for")
    func downloadExtension() async throws {
        try await TestServer.withRunning { server in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-d-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let outcome = try await CourierProcess.run(["send", "-d", server.baseURL + "/bytes/8?type=image%2Fpng"], in: directory)
            #expect(outcome.status == 0, "\(outcome.standardError)")
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("8.png").path))
        }
    }
}
