import Courier
import Foundation
import HTTPTypes

extension HAR.Entry {
    /// The recorded response, as a transport would have delivered it for `request`.
    ///
    /// Header fields come back as recorded (a redacted value as `<redacted>`), except that
    /// `Content-Length` is set to the bytes replayed (a scrubbed body may be shorter than the original)
    /// and `Content-Encoding` is dropped (HAR holds the decoded body).
    ///
    /// - Throws: `NetworkError.Kind.invalidResponse` when the entry holds no HTTP status (browsers
    ///   record `0` for a request that got no answer) or its base64 body does not decode.
    func clientResponse(for request: ClientRequest, number: Int) throws -> ClientResponse {
        let recorded = response
        guard (100...999).contains(recorded.status) else {
            throw NetworkError(
                .invalidResponse,
                message: "recorded entry \(number) for \(request.method) \(request.harURL) holds no HTTP status (\(recorded.status)); the recording saw no response.",
                request: request
            )
        }
        guard let body = HARBodyText.bytes(text: recorded.content.text, encoding: recorded.content.encoding) else {
            throw NetworkError(
                .invalidResponse,
                message: "the recorded body of entry \(number) (\(request.method) \(request.harURL)) is not valid base64.",
                request: request
            )
        }
        var head = HTTPResponse(status: HTTPResponse.Status(code: recorded.status, reasonPhrase: recorded.statusText))
        for header in recorded.headers {
            // Pseudo-header fields (`:status`, which browsers record for HTTP/2) are not fields.
            guard let name = HTTPField.Name(header.name) else { continue }
            head.headerFields.append(HTTPField(name: name, value: header.value))
        }
        head.headerFields[.contentEncoding] = nil
        if head.headerFields[.contentLength] != nil {
            head.headerFields[.contentLength] = String(body.count)
        }
        return ClientResponse(head: head, body: ResponseBody(body), request: request)
    }
}
