import Courier
import Foundation
import Testing
@testable import courier

@Suite("The URL, standard input and the print letters, as courier send reads them")
struct SendArgumentsTests {
    @Test("':3000/path' is localhost on port 3000, ':/x' localhost on port 80; a missing scheme is http")
    func localhostShorthand() {
        #expect(SendURL.normalized(":3000/path") == "http://localhost:3000/path")
        #expect(SendURL.normalized(":3000") == "http://localhost:3000")
        #expect(SendURL.normalized(":/x") == "http://localhost/x")
        #expect(SendURL.normalized(":") == "http://localhost")
        #expect(SendURL.normalized(":8080?q=1") == "http://localhost:8080?q=1")
        #expect(SendURL.normalized("example.com/a") == "http://example.com/a")
        #expect(SendURL.normalized("https://example.com") == "https://example.com")
    }

    @Test("standard input is the body only when it holds data, no data item makes one, and it is not ignored")
    func standardInput() {
        #expect(StandardInput.data(length: nil).isBody(ignored: false, hasDataItems: false))
        #expect(StandardInput.data(length: 3).isBody(ignored: false, hasDataItems: false))
        #expect(!StandardInput.data(length: nil).isBody(ignored: true, hasDataItems: false))
        #expect(!StandardInput.data(length: nil).isBody(ignored: false, hasDataItems: true))
        #expect(!StandardInput.terminal.isBody(ignored: false, hasDataItems: false))
        #expect(!StandardInput.nothing.isBody(ignored: false, hasDataItems: false))
    }

    @Test("a body from standard input makes a POST labelled JSON (or a form with --form); a Content-Type item wins")
    func standardInputRequest() throws {
        let stdin = RequestBody.bytes(Data("raw".utf8))
        let json = try SendRequestBuilder(arguments: ["example.com"], style: nil).request(body: stdin)
        #expect(json.method == .post && json.head.headerFields[.contentType] == "application/json")
        let form = try SendRequestBuilder(arguments: ["example.com"], style: .form).request(body: stdin)
        #expect(form.head.headerFields[.contentType] == "application/x-www-form-urlencoded")
        let typed = try SendRequestBuilder(arguments: ["PUT", "example.com", "Content-Type:image/png"], style: nil).request(body: stdin)
        #expect(typed.method == .put && typed.head.headerFields[values: .contentType] == ["image/png"])
        #expect(throws: SendFailure.self) { try SendRequestBuilder(arguments: ["example.com"], style: .multipart).request(body: stdin) }
    }

    @Test("--print letters, --body and --verbose choose the parts; the status line is added only by default")
    func printParts() throws {
        let hh = try PrintParts.resolve(print: "Hh", bodyOnly: false, verbose: true, offline: false)
        #expect(hh.requestHead && hh.responseHead && !hh.requestBody && !hh.responseBody && !hh.statusLineWhenUnclear)
        let verbose = try PrintParts.resolve(print: nil, bodyOnly: false, verbose: true, offline: false)
        #expect(verbose.requestHead && verbose.requestBody && verbose.responseHead && verbose.responseBody)
        let body = try PrintParts.resolve(print: nil, bodyOnly: true, verbose: false, offline: false)
        #expect(body.responseBody && !body.statusLineWhenUnclear && !body.responseHead)
        let standard = try PrintParts.resolve(print: nil, bodyOnly: false, verbose: false, offline: false)
        #expect(standard.responseBody && standard.statusLineWhenUnclear && !standard.responseHead)
        #expect(throws: SendFailure.self) { try PrintParts.resolve(print: "Hx", bodyOnly: false, verbose: false, offline: false) }
        #expect(throws: SendFailure.self) { try PrintParts.resolve(print: "b", bodyOnly: true, verbose: false, offline: false) }
    }

    @Test("a second URL among the items is refused instead of sent as a header named http")
    func secondURL() {
        #expect(throws: SendFailure.self) { try SendItem.parse("http://example.com/file") }
        #expect(throws: Never.self) { try SendItem.parse("X-Http://not-a-url") }
    }

    @Test("--download names the file after Content-Disposition or the URL, safely, and never over an existing file")
    func downloadName() {
        let url = URL(string: "http://example.com/files/report.pdf?x=1")
        #expect(DownloadName.suggested(contentDisposition: #"attachment; filename="q3 report.pdf""#, url: url) == "q3 report.pdf")
        #expect(DownloadName.suggested(contentDisposition: "attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf", url: url) == "résumé.pdf")
        #expect(DownloadName.suggested(contentDisposition: #"attachment; filename="../../.ssh/authorized_keys""#, url: url) == "authorized_keys")
        #expect(DownloadName.suggested(contentDisposition: #"attachment; filename=".bashrc""#, url: url) == "bashrc")
        #expect(DownloadName.suggested(contentDisposition: nil, url: url) == "report.pdf")
        #expect(DownloadName.suggested(contentDisposition: nil, url: URL(string: "http://example.com/")) == "index")
        let taken: Set = ["report.pdf", "report-1.pdf"]
        #expect(DownloadName.unique("report.pdf") { taken.contains($0) } == "report-2.pdf")
        #expect(DownloadName.unique("index") { $0 == "index" } == "index-1")
    }
}
