import HTTPTypes

extension ClientRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The method, URL and header fields, with secrets redacted by ``RequestOptions/redactor``.
    ///
    /// ```text
    /// POST https://api.example.com/articles?token=<redacted>
    ///   Authorization: <redacted>
    ///   Content-Type: application/json
    ///   (body: 17 bytes)
    /// ```
    public var description: String {
        var lines = [requestLine]
        let redactor = options.redactor
        for field in head.headerFields {
            lines.append("  \(field.name): \(redactor.value(of: field))")
        }
        if let length = body.length, length > 0 {
            lines.append("  (body: \(length) bytes)")
        } else if body.length == nil {
            lines.append("  (body: streamed)")
        }
        return lines.joined(separator: "\n")
    }

    /// The same redacted text as ``description``.
    public var debugDescription: String { description }

    /// Shows the redacted description to `dump` and debuggers instead of the raw header values.
    public var customMirror: Mirror {
        Mirror(self, children: ["description": description], displayStyle: .struct)
    }

    /// `METHOD URL` with sensitive query values redacted, after `#number ` when the request is numbered.
    var requestLine: String {
        let prefix = options.number.map { "#\($0) " } ?? ""
        return "\(prefix)\(head.method) \(redactedURL)"
    }

    /// The URL (or the path, for a relative request) with sensitive query values redacted, and
    /// userinfo, should a hand-built head carry some, always hidden.
    var redactedURL: String {
        let pathAndQuery = options.redactor.redact(pathAndQuery: head.path ?? "/")
        guard let scheme = head.scheme, var authority = head.authority else { return pathAndQuery }
        if let at = authority.utf8.lastIndex(of: UInt8(ascii: "@")) {
            authority.replaceSubrange(..<at, with: Redactor.placeholder)
        }
        return "\(scheme)://\(authority)\(pathAndQuery)"
    }
}

extension ClientResponse: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The status and header fields, redacted, followed by the request that produced them.
    public var description: String {
        var lines = [StatusText.line(head.status)]
        let redactor = request.options.redactor
        for field in head.headerFields {
            lines.append("  \(field.name): \(redactor.value(of: field))")
        }
        lines.append("for " + request.requestLine)
        return lines.joined(separator: "\n")
    }

    /// The same redacted text as ``description``.
    public var debugDescription: String { description }

    /// Shows the redacted description to `dump` and debuggers instead of the raw header values.
    public var customMirror: Mirror {
        Mirror(self, children: ["description": description], displayStyle: .struct)
    }
}
