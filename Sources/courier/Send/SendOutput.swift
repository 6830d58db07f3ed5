import Courier
import Foundation
import HTTPTypes

/// How `courier send` prints what it sent and received.
struct SendOutput {
    let terminal: Terminal

    /// The body: JSON pretty-printed (keys sorted), with keys and strings coloured on a terminal;
    /// anything else as it came.
    func body(_ data: Data, contentType: String?) -> String {
        let isJSON = contentType.map { $0.contains("json") } ?? false
        guard isJSON,
              let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
              let pretty = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
        else {
            return String(decoding: data, as: UTF8.self)
        }
        let text = String(decoding: pretty, as: UTF8.self)
        guard terminal.colours else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            guard let colon = line.range(of: "\" : ") ?? line.range(of: "\": ") else { return String(line) }
            let key = line[..<colon.lowerBound] + "\""
            return terminal.paint(String(key), .blue) + line[colon.lowerBound...].dropFirst()
        }.joined(separator: "\n")
    }

    /// The request head as sent, secrets redacted.
    func requestHead(_ request: ClientRequest) -> String {
        let redactor = request.options.redactor
        var lines = ["\(request.head.method.rawValue) \(redactor.redact(pathAndQuery: request.head.path ?? "/")) HTTP/1.1"]
        if let authority = request.head.authority { lines.append("Host: \(authority)") }
        for field in request.head.headerFields {
            lines.append("\(field.name.rawName): \(redactor.value(of: field))")
        }
        return terminal.paint(lines.joined(separator: "\n"), .bold)
    }

    /// The response's status line and header fields, secrets redacted.
    func responseHead(_ response: ClientResponse) -> String {
        let redactor = response.request.options.redactor
        let status = response.status
        let colour: Terminal.Colour = status.code >= 400 ? .red : (status.code >= 300 ? .yellow : .green)
        var lines = [terminal.paint("HTTP/1.1 \(status.code) \(status.reasonPhrase)", colour)]
        for field in response.head.headerFields {
            lines.append("\(field.name.rawName): \(redactor.value(of: field))")
        }
        return lines.joined(separator: "\n")
    }
}
