import Foundation

/// Swift case names for HTTP statuses, from the standard reason phrases (RFC 9110 §15): `404` → `notFound`,
/// `422` → `unprocessableContent`. The generator does not link Courier, so the phrases are repeated here (the same
/// table as Courier's `StatusText`, plus 418, which documents use).
enum StatusNames {
    /// `notFound` for 404; `status499` for a code without a standard phrase.
    static func caseName(for code: Int) -> String {
        guard let phrase = phrases[code] else { return "status\(code)" }
        let words = phrase.replacingOccurrences(of: "'", with: "").split { !$0.isLetter && !$0.isNumber }
        return words.enumerated().map { index, word in
            index == 0 ? word.lowercased() : word.prefix(1).uppercased() + word.dropFirst().lowercased()
        }.joined()
    }

    /// The case name for a documented range (`4XX` → `clientError`), given its first code.
    static func rangeName(startingAt code: Int) -> String {
        switch code {
        case 100: "informational"
        case 200: "success"
        case 300: "redirection"
        case 400: "clientError"
        default: "serverError"
        }
    }

    private static let phrases: [Int: String] = [
        100: "Continue", 101: "Switching Protocols", 103: "Early Hints",
        200: "OK", 201: "Created", 202: "Accepted", 203: "Non-Authoritative Information", 204: "No Content",
        205: "Reset Content", 206: "Partial Content",
        300: "Multiple Choices", 301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified",
        307: "Temporary Redirect", 308: "Permanent Redirect",
        400: "Bad Request", 401: "Unauthorized", 402: "Payment Required", 403: "Forbidden", 404: "Not Found",
        405: "Method Not Allowed", 406: "Not Acceptable", 407: "Proxy Authentication Required",
        408: "Request Timeout", 409: "Conflict", 410: "Gone", 411: "Length Required", 412: "Precondition Failed",
        413: "Content Too Large", 414: "URI Too Long", 415: "Unsupported Media Type", 416: "Range Not Satisfiable",
        417: "Expectation Failed", 418: "I'm a Teapot", 421: "Misdirected Request", 422: "Unprocessable Content",
        425: "Too Early", 426: "Upgrade Required", 428: "Precondition Required", 429: "Too Many Requests",
        431: "Request Header Fields Too Large", 451: "Unavailable For Legal Reasons",
        500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable",
        504: "Gateway Timeout", 505: "HTTP Version Not Supported", 511: "Network Authentication Required",
    ]
}
