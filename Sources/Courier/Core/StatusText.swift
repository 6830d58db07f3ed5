import HTTPTypes

/// The standard reason phrases of RFC 9110 §15, for statuses that arrive without one (URLSession and
/// HTTP/2 deliver only the code). `package`: CourierTesting writes them into HAR recordings.
package enum StatusText {
    /// `404 Not Found`: the code and its phrase, the standard one when the response brought none.
    package static func line(_ status: HTTPResponse.Status) -> String {
        let phrase = status.reasonPhrase.isEmpty ? phrase(for: status.code) : status.reasonPhrase
        return phrase.isEmpty ? "\(status.code)" : "\(status.code) \(phrase)"
    }

    /// The standard reason phrase of `code`, or an empty string for a code RFC 9110 does not name.
    package static func phrase(for code: Int) -> String {
        standard[code] ?? ""
    }

    private static let standard: [Int: String] = [
        100: "Continue", 101: "Switching Protocols", 103: "Early Hints",
        200: "OK", 201: "Created", 202: "Accepted", 203: "Non-Authoritative Information", 204: "No Content",
        205: "Reset Content", 206: "Partial Content",
        300: "Multiple Choices", 301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified",
        307: "Temporary Redirect", 308: "Permanent Redirect",
        400: "Bad Request", 401: "Unauthorized", 402: "Payment Required", 403: "Forbidden", 404: "Not Found",
        405: "Method Not Allowed", 406: "Not Acceptable", 407: "Proxy Authentication Required",
        408: "Request Timeout", 409: "Conflict", 410: "Gone", 411: "Length Required", 412: "Precondition Failed",
        413: "Content Too Large", 414: "URI Too Long", 415: "Unsupported Media Type", 416: "Range Not Satisfiable",
        417: "Expectation Failed", 421: "Misdirected Request", 422: "Unprocessable Content", 425: "Too Early",
        426: "Upgrade Required", 428: "Precondition Required", 429: "Too Many Requests",
        431: "Request Header Fields Too Large", 451: "Unavailable For Legal Reasons",
        500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable",
        504: "Gateway Timeout", 505: "HTTP Version Not Supported", 511: "Network Authentication Required",
    ]
}
