import Courier
import Foundation
import HTTPTypes

/// The heads of an exchange as `courier send` prints them, secrets redacted, in the colours of the stream
/// they go to.
struct SendOutput {
    let palette: Palette

    /// The request head as sent, with the framing field the transport will add (`Content-Length`, or
    /// `Transfer-Encoding: chunked` for a body of unknown length).
    func requestHead(_ request: ClientRequest) -> String {
        let redactor = request.options.redactor
        var lines = ["\(request.head.method.rawValue) \(redactor.redact(pathAndQuery: request.head.path ?? "/")) HTTP/1.1"]
        if let authority = request.head.authority { lines.append("Host: \(authority)") }
        for field in request.head.headerFields {
            lines.append("\(field.name.rawName): \(redactor.value(of: field))")
        }
        let fields = request.head.headerFields
        if fields[.contentLength] == nil, fields[.transferEncoding] == nil, !request.body.isEmpty {
            lines.append(request.body.length.map { "Content-Length: \($0)" } ?? "Transfer-Encoding: chunked")
        }
        return palette.paint(lines.joined(separator: "\n"), .bold)
    }

    /// The request body for `--print B` beside a request that is sent: the bytes when they are in memory
    /// (a JSON or form body); a stream (standard input, multipart files) is sent, not read twice.
    func requestBodyPreview(_ body: RequestBody) -> Data {
        if let data = body.bufferedData { return data }
        let size = body.length.map { "\($0) bytes" } ?? "length unknown"
        return Data("(a streamed body, \(size): not shown)".utf8)
    }

    /// The response's status line and header fields.
    func responseHead(_ response: ClientResponse) -> String {
        let redactor = response.request.options.redactor
        var lines = [statusLine(response)]
        for field in response.head.headerFields {
            lines.append("\(field.name.rawName): \(redactor.value(of: field))")
        }
        return lines.joined(separator: "\n")
    }

    /// `HTTP/1.1 404 Not Found` (`HTTP/2 404 Not Found` over HTTP/2), coloured by class.
    func statusLine(_ response: ClientResponse) -> String {
        let status = response.status
        let colour: Terminal.Colour = status.code >= 400 ? .red : (status.code >= 300 ? .yellow : .green)
        // URLSession and HTTP/2 deliver the code alone: the standard phrase stands in.
        let phrase = status.reasonPhrase.isEmpty ? StatusText.phrase(for: status.code) : status.reasonPhrase
        let version = switch response.timings?.networkProtocol {
        case "h2": "HTTP/2"
        case "http/1.0": "HTTP/1.0"
        default: "HTTP/1.1"
        }
        return palette.paint("\(version) \(status.code) \(phrase)".trimmingCharacters(in: .whitespaces), colour)
    }

    /// `timings: connection 0.4 ms (new), first byte 2.1 ms, body end 2.3 ms`: what `-v` ends with.
    func timings(_ timings: ExchangeTimings) -> String {
        palette.paint("timings: \(timings)", .blue)
    }
}
