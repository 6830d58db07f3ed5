import Courier
import Foundation
import HTTPTypes
import Testing

@Suite("cURL description")
struct CURLDescriptionTests {
    @Test("a GET is the URL alone; headers are single-quoted; secrets are redacted by default")
    func plainGet() throws {
        var request = try ClientRequest(url: "https://api.example.com/items?token=abc&page=2")
        try request.setHeader("Accept", "application/json")
        try request.setHeader("Authorization", "Bearer abc")
        #expect(request.cURLDescription() == """
            curl \\
              --header 'Accept: application/json' \\
              --header 'Authorization: <redacted>' \\
              'https://api.example.com/items?token=<redacted>&page=2'
            """)
    }

    @Test("turning redaction off is explicit and shows the secrets")
    func unredacted() throws {
        var request = try ClientRequest(url: "https://api.example.com/items?token=abc")
        try request.setHeader("Cookie", "id=42")
        let command = request.cURLDescription(redactor: Redactor.none)
        #expect(command.contains("--header 'Cookie: id=42'"))
        #expect(command.contains("'https://api.example.com/items?token=abc'"))
    }

    @Test("quotes, spaces, dollars and newlines survive: a single quote becomes '\\''")
    func quoting() throws {
        var request = try ClientRequest(.post, url: "https://api.example.com/notes")
        try request.setHeader("X-Note", "it's $HOME `x`")
        request.body = .text("line 1\nit's \"2\"\n$(rm -rf /)")
        try request.setHeader("Content-Type", "text/plain")
        let command = request.cURLDescription()
        #expect(command.contains(#"--header 'X-Note: it'\''s $HOME `x`'"#))
        #expect(command.contains("--data-raw 'line 1\nit'\\''s \"2\"\n$(rm -rf /)'"))
        #expect(!command.contains("--request"), "POST is implied by the data")
    }

    @Test("the method is explicit unless curl infers it; HEAD uses --head")
    func methods() throws {
        let put = try ClientRequest(.put, url: "https://example.com/a")
        #expect(put.cURLDescription().contains("--request PUT"))
        let head = try ClientRequest(.head, url: "https://example.com/a")
        #expect(head.cURLDescription() == "curl \\\n  --head \\\n  'https://example.com/a'")
        var getWithBody = try ClientRequest(.get, url: "https://example.com/a")
        getWithBody.body = .text("x")
        #expect(getWithBody.cURLDescription().contains("--request GET"))
        let post = try ClientRequest(.post, url: "https://example.com/a")
        #expect(post.cURLDescription().contains("--request POST"), "a POST without a body is not inferred")
    }

    @Test("a body without a Content-Type removes curl's form default; an empty header value is sent empty")
    func headerDetails() throws {
        var request = try ClientRequest(.post, url: "https://example.com/a")
        request.body = .text("x")
        try request.setHeader("X-Empty", "")
        let command = request.cURLDescription()
        #expect(command.contains("--header 'Content-Type:'"))
        #expect(command.contains("--header 'X-Empty;'"))
    }

    @Test("binary bytes go through printf; a file body is @path; a stream reads standard input")
    func bodies() throws {
        var binary = try ClientRequest(.post, url: "https://example.com/a")
        binary.body = .bytes(Data([0, 1, 0xFF, 0x27]))
        #expect(binary.cURLDescription().hasPrefix(#"printf '\000\001\377\047' | curl"#))
        #expect(binary.cURLDescription().contains("--data-binary @-"))

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier curl's body.txt")
        try Data("hello".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var upload = try ClientRequest(.put, url: "https://example.com/a")
        upload.body = try .file(at: file)
        #expect(upload.cURLDescription().contains("--data-binary @'\(file.path.replacingOccurrences(of: "'", with: #"'\''"#))'"))

        var streamed = try ClientRequest(.post, url: "https://example.com/a")
        streamed.body = .singlePass(AsyncStream<Data> { $0.finish() })
        #expect(streamed.cURLDescription().contains("--data-binary @-"))
        #expect(!streamed.cURLDescription().contains("printf"))
    }

    @Test("a JSON body's sensitive members are redacted unless redaction is off")
    func bodyRedaction() throws {
        var request = try ClientRequest(.post, url: "https://example.com/login")
        request.body = .text(#"{"user":"ann","password":"hunter2"}"#)
        try request.setHeader("Content-Type", "application/json")
        #expect(request.cURLDescription().contains(#"{"user":"ann","password":"<redacted>"}"#))
        #expect(request.cURLDescription(redactor: Redactor.none).contains("hunter2"))
    }

    @Test("brackets in the URL turn off curl's globbing")
    func globbing() throws {
        let request = try ClientRequest(url: "http://[::1]:8080/a?ids[]=1")
        #expect(request.cURLDescription().contains("--globoff"))
    }
}
