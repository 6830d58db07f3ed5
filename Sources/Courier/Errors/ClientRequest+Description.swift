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

    /// `METHOD URL` with sensitive query values redacted.
    var requestLine: String {
        let pathAndQuery = options.redactor.redact(pathAndQuery: head.path ?? "/")
        guard let scheme = head.scheme, let authority = head.authority else {
            return "\(head.method) \(pathAndQuery)"
        }
        return "\(head.method) \(scheme)://\(authority)\(pathAndQuery)"
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
