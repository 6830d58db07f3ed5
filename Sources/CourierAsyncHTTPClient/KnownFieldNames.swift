import HTTPTypes

/// The field names servers send most, spelled as they send them, made once.
///
/// NOTE: `HTTPField.Name(_:)` checks every byte and lowercases the name into a new string; a response
/// head of nginx's six fields paid that six times per request (1–2% of the samples in a `perf` profile of
/// `LoadGen --client courier-bare` at 64 tasks). A name not in the table takes the checked path as before.
enum KnownFieldNames {
    static func name(_ text: String) -> HTTPField.Name? {
        table[text] ?? HTTPField.Name(text)
    }

    private static let table: [String: HTTPField.Name] = {
        let names: [HTTPField.Name] = [
            .server, .date, .contentType, .contentLength, .lastModified, .connection, .eTag, .acceptRanges,
            .cacheControl, .vary, .contentEncoding, .transferEncoding, .setCookie, .location, .expires, .age,
            .retryAfter, .wwwAuthenticate, .accessControlAllowOrigin, .xContentTypeOptions, .strictTransportSecurity,
        ]
        var table: [String: HTTPField.Name] = [:]
        for name in names {
            table[name.rawName] = name            // as HTTPTypes spells it: "Content-Type"
            // As HTTP/2 and many servers send it, "content-type", keeping that spelling for logs and records.
            table[name.canonicalName] = HTTPField.Name(name.canonicalName)
        }
        table["Keep-Alive"] = HTTPField.Name("Keep-Alive")
        table["Etag"] = HTTPField.Name("Etag")
        return table
    }()
}
