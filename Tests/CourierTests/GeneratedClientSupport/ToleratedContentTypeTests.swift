import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import Testing

/// `getInvoicePdf` as the generator writes it: a PDF success body, read as bytes, which anything would pass for.
private func getInvoicePdf() -> Endpoint<Data> {
    Endpoint<Data>(operation: "getInvoicePdf", method: .get, path: "/invoices/7", accept: "application/pdf", coders: .iso8601) { response in
        switch response.status {
        case 200: return response.data
        case 200..<300 where response.toleratesUndocumentedSuccess(documented: ["200"], contentTypes: ["application/pdf"]):
            return response.data
        default: throw response.unacceptable()
        }
    }
}

private func client(answering stub: StubResponse) -> Client {
    Client(transport: StubTransport().stub(.get, "/invoices/7", with: stub)).targeting(Server(host: "api.test"))
}

/// Issue 25 review: a tolerated undocumented `2xx` of an operation whose success body is not JSON must carry one of
/// the body's documented media types; a `202` ticket or an empty `204` is not the PDF.
@Suite struct ToleratedContentTypeTests {
    static let pdf = Data("%PDF-1.4\n%%EOF\n".utf8)

    @Test func aDocumentedMediaTypeUnderAnUndocumented2xxIsTolerated() async throws {
        let (logger, lines) = CapturingLogHandler.logger()
        let stub = StubResponse.data(Self.pdf, status: 203, headers: ["Content-Type": "application/pdf; qs=0.9"])
        let body = try await client(answering: stub).handlingDocumentDrift(.tolerant(logger: logger)).send(getInvoicePdf())
        #expect(body == Self.pdf)
        #expect(lines.all.filter { $0.level == .warning }.count == 1)
    }

    @Test(arguments: [
        StubResponse.json(#"{"ticket": 7}"#, status: 202),
        StubResponse.status(204),
        StubResponse.data(Self.pdf, status: 201),
    ])
    func anotherOrMissingContentTypeStaysUndocumented(stub: StubResponse) async throws {
        let (logger, lines) = CapturingLogHandler.logger()
        let error = try await #require(throws: NetworkError.self) {
            try await client(answering: stub).handlingDocumentDrift(.tolerant(logger: logger)).send(getInvoicePdf())
        }
        #expect(error.kind == .unacceptableStatus(stub.status))
        #expect(lines.all.isEmpty)
    }

    @Test func wildcardsAndParametersMatchAsMediaRangesDo() async throws {
        func tolerated(_ contentType: String?, _ documented: [String]) async throws -> Bool {
            let endpoint = Endpoint<Bool>(operation: "image", method: .get, path: "/invoices/7", coders: .iso8601) { response in
                response.toleratesUndocumentedSuccess(documented: ["200"], contentTypes: documented)
            }
            let headers: [String: String] = contentType.map { ["Content-Type": $0] } ?? [:]
            return try await client(answering: .data(Data([1]), status: 201, headers: headers)).send(endpoint)
        }
        #expect(try await tolerated("image/PNG", ["image/*"]))
        #expect(try await tolerated("text/csv; charset=utf-8", ["text/csv"]))
        #expect(try await tolerated("application/x-anything", ["*/*"]))
        #expect(try await tolerated(nil, []))
        #expect(try await !tolerated("text/png", ["image/*"]))
        #expect(try await !tolerated("image", ["image/*"]))
        #expect(try await !tolerated(nil, ["*/*"]))
    }
}
