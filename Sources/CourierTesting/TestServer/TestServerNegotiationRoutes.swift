import Foundation
import HTTPTypes
import Hummingbird

extension TestServer {
    /// The documents the content-negotiation routes serve (`/negotiated/…`), for tests to compare with what
    /// came back.
    public enum NegotiatedDocument {
        /// The field in which every `/negotiated/…` reply says which `Accept` the request had (`-` for none).
        public static let receivedAcceptField = "X-Received-Accept"

        /// The PDF of invoice `id` (`GET /negotiated/invoices/{id}`): a small valid PDF 1.4 file.
        public static func invoicePDF(id: String) -> Data {
            Data("%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\n% invoice \(id)\ntrailer <</Root 1 0 R>>\n%%EOF\n".utf8)
        }

        /// The invoice id that `GET /negotiated/invoices/{id}` does not know: it answers 404 with
        /// ``missingInvoiceProblem`` as `application/json` when `Accept` allows JSON, else an empty 406, as a
        /// server that negotiates its errors too (Spring's `produces`) does.
        public static let missingInvoiceID = "missing"

        /// The 404 body of ``missingInvoiceID``: a JSON object with a `title`.
        public static let missingInvoiceProblem = Data(#"{"title":"no invoice missing"}"#.utf8)

        /// The sales report as CSV (`GET /negotiated/reports/sales`, `GET /negotiated/reports/sales.csv`).
        public static let salesCSV = Data("region,amount\nnorth,120\nsouth,80\n".utf8)

        /// The sales report as JSON (`GET /negotiated/reports/sales`).
        public static let salesJSON = Data(#"[{"amount":120,"region":"north"},{"amount":80,"region":"south"}]"#.utf8)
    }
}

extension TestServerRoutes {
    /// Routes that choose their answer by the request's `Accept` (RFC 9110 §12.5.1) and answer 406 Not
    /// Acceptable when it allows none of their types (no `Accept` allows every type). Each reply carries
    /// `X-Received-Accept`, the request's `Accept`, so a test sees what the server was asked for.
    ///
    /// - `GET /negotiated/invoices/{id}`: ``TestServer/NegotiatedDocument/invoicePDF(id:)`` as `application/pdf`;
    ///   for ``TestServer/NegotiatedDocument/missingInvoiceID`` a 404 in JSON, or an empty 406 when `Accept`
    ///   does not allow JSON;
    /// - `GET /negotiated/reports/sales.csv`: ``TestServer/NegotiatedDocument/salesCSV`` as `text/csv`;
    /// - `GET /negotiated/reports/sales`: the JSON or the CSV report, whichever `Accept` weighs more (JSON on a tie).
    static func negotiationRoutes(_ router: Router<Context>) {
        router.get("/negotiated/invoices/{id}") { request, context in
            let id = try context.parameters.require("id")
            if id == TestServer.NegotiatedDocument.missingInvoiceID {
                return negotiated(request, offers: [("application/json", TestServer.NegotiatedDocument.missingInvoiceProblem)],
                                  status: .notFound, emptyRefusal: true)
            }
            return negotiated(request, offers: [("application/pdf", TestServer.NegotiatedDocument.invoicePDF(id: id))])
        }
        router.get("/negotiated/reports/sales.csv") { request, _ in
            negotiated(request, offers: [("text/csv", TestServer.NegotiatedDocument.salesCSV)])
        }
        router.get("/negotiated/reports/sales") { request, _ in
            negotiated(request, offers: [
                ("application/json", TestServer.NegotiatedDocument.salesJSON),
                ("text/csv", TestServer.NegotiatedDocument.salesCSV),
            ])
        }
    }

    /// The offer `Accept` prefers with `status`, or 406 listing what could have been asked for (an empty 406 with
    /// `emptyRefusal`).
    private static func negotiated(
        _ request: Request, offers: [(type: String, body: Data)], status: HTTPResponse.Status = .ok, emptyRefusal: Bool = false
    ) -> Response {
        let accept = request.headers[.accept]
        var headers: HTTPFields = [HTTPField.Name(TestServer.NegotiatedDocument.receivedAcceptField)!: accept ?? "-"]
        guard let chosen = AcceptHeader(accept).preferred(among: offers.map(\.type)),
              let offer = offers.first(where: { $0.type == chosen })
        else {
            guard !emptyRefusal else { return Response(status: .notAcceptable, headers: headers) }
            headers[.contentType] = "text/plain"
            let message = "406: this resource is available as \(offers.map(\.type).joined(separator: ", ")) only"
            return Response(status: .notAcceptable, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: message)))
        }
        headers[.contentType] = offer.type
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: offer.body)))
    }
}
