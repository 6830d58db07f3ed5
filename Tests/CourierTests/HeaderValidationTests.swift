import Courier
import HTTPTypes
import Testing

@Suite("Header validation")
struct HeaderValidationTests {
    @Test("a value with CR, LF, NUL, DEL or non-ASCII is invalidHeader naming the field, never the value", arguments: [
        "a\r\nX-Injected: yes", "line\nbreak", "carriage\rreturn", "nul\u{0}byte", "del\u{7F}", "J\u{fc}rgen", "\u{1F680}",
    ])
    func controlCharacters(_ value: String) throws {
        var request = try ClientRequest(url: "http://example.com/")
        let error = #expect(throws: NetworkError.self) { try request.setHeader("X-Note", value) }
        #expect(error?.kind == .invalidHeader(name: "x-note"))
        #expect(error?.description.contains(value) == false)
        #expect(request.head.headerFields[HTTPField.Name("X-Note")!] == nil)
    }

    @Test("a name that is not a token is invalidHeader", arguments: ["Bad Name", "", "X:Y", "caf\u{e9}"])
    func badName(_ name: String) throws {
        var request = try ClientRequest(url: "http://example.com/")
        let error = #expect(throws: NetworkError.self) { try request.addHeader(name, "value") }
        #expect(error?.kind == .invalidHeader(name: name))
    }

    @Test("headers passed to an initializer are validated too")
    func initializerHeaders() {
        let error = #expect(throws: NetworkError.self) {
            try ClientRequest(url: "http://example.com/", headers: ["X-Ok": "fine", "X-Bad": "a\nb"])
        }
        #expect(error?.kind == .invalidHeader(name: "x-bad"))
    }

    @Test("set replaces, add appends; tabs are allowed")
    func setAndAdd() throws {
        var request = try ClientRequest(url: "http://example.com/")
        try request.addHeader("Accept", "text/plain")
        try request.addHeader("Accept", "application/json")
        #expect(request.head.headerFields[values: .accept] == ["text/plain", "application/json"])
        try request.setHeader("Accept", "a\tb")
        #expect(request.head.headerFields[values: .accept] == ["a\tb"])
    }
}
