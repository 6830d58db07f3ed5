import Courier
import CourierTesting
import Documents
import Foundation
import HTTPTypes
import Testing

private typealias NegotiatedDocument = TestServer.NegotiatedDocument

/// The `Accept` header a generated client sends, checked by the server: `TestServer`'s `/negotiated/…` routes answer
/// 406 unless `Accept` allows their type. The client is `Tests/OpenAPIGenerated/Documents`, generated from
/// `Tests/OpenAPIFixtures/documents-3.1.yaml` (a PDF, a CSV and a JSON-or-CSV operation).
@Suite("Generated operations send the Accept their document lists", .timeLimit(.minutes(1)))
struct GeneratedAcceptTests {
    private static func received(_ response: ClientResponse) -> String? {
        response.head.headerFields[HTTPField.Name(NegotiatedDocument.receivedAcceptField)!]
    }

    @Test("a PDF operation asks for application/pdf first and gets the file's bytes", arguments: TransportUnderTest.allCases)
    func pdf(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, _ in
            let (pdf, response) = try await client.response(API.documents.getInvoicePdf(id: "INV-7"))
            #expect(pdf == NegotiatedDocument.invoicePDF(id: "INV-7"))
            #expect(Self.received(response) == "application/pdf, application/json;q=0.1")
            #expect(response.head.headerFields[.contentType] == "application/pdf")
        }
    }

    @Test("a PDF operation's documented JSON 404 decodes: the server that negotiates its errors too was allowed JSON")
    func pdfOperationsDocumentedError() async throws {
        try await withClient(.asyncHTTPClient) { client, _ in
            let error = try await #require(throws: NetworkError.self) {
                try await client.send(API.documents.getInvoicePdf(id: NegotiatedDocument.missingInvoiceID))
            }
            #expect(error.kind == .unacceptableStatus(404))
            #expect(error.documentedError(as: GetInvoicePdfError.self) == .notFound(Problem(title: "no invoice missing")))
            // Asked for the PDF alone, the same server refuses the error with an empty 406.
            let pdfOnly = Endpoint<Data>(
                path: "/negotiated/invoices/\(NegotiatedDocument.missingInvoiceID)", headers: ["Accept": "application/pdf"],
                accepting: .any) { $0.data }
            let (body, response) = try await client.response(pdfOnly)
            #expect(response.status.code == 406 && body.isEmpty)
        }
    }

    @Test("a CSV operation asks for text/csv and gets the report's bytes", arguments: TransportUnderTest.allCases)
    func csv(_ kind: TransportUnderTest) async throws {
        try await withClient(kind) { client, _ in
            let (csv, response) = try await client.response(API.documents.getSalesCsv())
            #expect(csv == NegotiatedDocument.salesCSV)
            #expect(Self.received(response) == "text/csv")
        }
    }

    @Test("the server refuses the JSON Accept generated clients used to send for these operations")
    func theOldAcceptIsRefused() async throws {
        try await withClient(.asyncHTTPClient) { client, _ in
            let old = Endpoint<Data>(path: "/negotiated/invoices/INV-7", headers: ["Accept": "application/json"], accepting: .any) { $0.data }
            let (_, response) = try await client.response(old)
            #expect(response.status.code == 406)
        }
    }

    @Test("a JSON-or-CSV operation prefers JSON; its declared Accept parameter, when given, replaces the default")
    func declaredAcceptParameter() async throws {
        try await withClient(.asyncHTTPClient) { client, _ in
            let (sales, response) = try await client.response(API.documents.getSalesReport())
            #expect(Self.received(response) == "application/json, text/csv;q=0.5, text/plain;q=0.5")
            #expect(sales == [Sale(region: "north", amount: 120), Sale(region: "south", amount: 80)])

            let error = try await #require(throws: NetworkError.self) {
                try await client.send(API.documents.getSalesReport(accept: "text/csv"))
            }
            // The server answered CSV as asked; the operation's value is the JSON array, so decoding it fails —
            // proof that the caller's Accept, not the default, reached the server.
            #expect(error.response.map(Self.received) == "text/csv")
            #expect(error.response?.head.headerFields[.contentType] == "text/csv")

            // The CSV the declared parameter asked for, as bytes: the operation's request, sent without its decoding
            // (OpenAPI.md, "Accept").
            let request = try API.documents.getSalesReport(accept: "text/csv").makeRequest()
            let raw = try await client.send(request)
            #expect(raw.status.code == 200)
            #expect(try await raw.body.collect(upTo: 1 << 20) == NegotiatedDocument.salesCSV)

            let refused = try await #require(throws: NetworkError.self) {
                try await client.send(API.documents.getSalesReport(accept: "image/png"))
            }
            #expect(refused.kind == .unacceptableStatus(406))
            #expect(refused.documentedError(as: GetSalesReportError.self) != nil)
        }
    }
}
