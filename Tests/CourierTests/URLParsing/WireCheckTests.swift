import Courier
import HTTPTypes
import Testing

/// `ClientRequest.checkHeadForTheWire()`: the last check before a transport writes a request head.
@Suite("The head is checked for bytes the wire cannot carry")
struct WireCheckTests {
    // swift-http-types turns some of these into spaces as the path is set; either way none is sent.
    @Test("a control byte or a space in the path is invalidURL", arguments: [
        "/a\r\nX-Injected: 1", "/a\nb", "/a b", "/a\u{0}b", "/a\u{7F}b", "/a\tb", "/a\u{1}b",
    ])
    func path(_ path: String) throws {
        var request = try ClientRequest(url: "http://example.com/")
        request.head.path = path
        let error = #expect(throws: NetworkError.self) { try request.checkHeadForTheWire() }
        #expect(error?.kind == .invalidURL)
        #expect(error?.message?.contains("which a request line cannot carry; nothing was sent.") == true)
    }

    @Test("a control byte in the authority is invalidURL")
    func authority() throws {
        var request = try ClientRequest(url: "http://example.com/")
        request.head.authority = "example.com\r\nX-Injected: 1"
        let error = #expect(throws: NetworkError.self) { try request.checkHeadForTheWire() }
        #expect(error?.kind == .invalidURL)
    }

    @Test("what the parser and setHeader make passes, a tab in a header value included")
    func validHead() throws {
        var request = try ClientRequest(url: "http://example.com/a%20b?q=%0D%0A")
        try request.setHeader("X-Note", "a\tb")
        try request.checkHeadForTheWire()
    }
}
