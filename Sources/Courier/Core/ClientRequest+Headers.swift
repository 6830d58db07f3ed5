import HTTPTypes

extension ClientRequest {
    /// Sets a header field, replacing any fields of the same name, after checking that the name is an
    /// HTTP token and the value is printable ASCII (no CR, LF, NUL, other control characters or
    /// non-ASCII bytes; percent- or RFC 8187-encode such text yourself).
    ///
    /// swift-http-types quietly turns illegal bytes into spaces; Courier refuses them instead, so a value
    /// that came from user input can never split the header block or be silently changed.
    ///
    /// - Throws: ``NetworkError`` of kind ``NetworkError/Kind/invalidHeader(name:)``.
    public mutating func setHeader(_ name: String, _ value: String) throws {
        let field = try HeaderValidation.field(name: name, value: value)
        head.headerFields[field.name] = field.value
    }

    /// Appends a header field, keeping fields of the same name, with the checks of ``setHeader(_:_:)``.
    ///
    /// - Throws: ``NetworkError`` of kind ``NetworkError/Kind/invalidHeader(name:)``.
    public mutating func addHeader(_ name: String, _ value: String) throws {
        head.headerFields.append(try HeaderValidation.field(name: name, value: value))
    }

    /// Sets every header in `headers` with ``setHeader(_:_:)``, in the order of their names.
    ///
    /// - Throws: ``NetworkError`` of kind ``NetworkError/Kind/invalidHeader(name:)`` for the first bad one.
    public mutating func setHeaders(_ headers: [String: String]) throws {
        for name in headers.keys.sorted() {
            try setHeader(name, headers[name]!)
        }
    }
}

/// The checks every header passes before Courier puts it into a request.
enum HeaderValidation {
    /// Builds a field from untrusted text or throws `invalidHeader` naming the field (never its value,
    /// which may be a secret).
    static func field(name: String, value: String) throws -> HTTPField {
        guard let fieldName = HTTPField.Name(name) else {
            throw NetworkError(.invalidHeader(name: name), message: "'\(name)' is not a valid header field name (RFC 9110 token).")
        }
        guard isValidValue(value) else {
            throw NetworkError(
                .invalidHeader(name: fieldName.canonicalName),
                message: "the value of '\(fieldName.canonicalName)' contains CR, LF, NUL, another control character or a non-ASCII byte; nothing was sent."
            )
        }
        return HTTPField(name: fieldName, value: value)
    }

    /// Visible ASCII, space and tab (RFC 9110 §5.5 without obs-text): non-ASCII bytes are refused,
    /// because transports disagree on their encoding (URLSession on Linux re-encodes Latin-1 as UTF-8).
    static func isValidValue(_ value: String) -> Bool {
        value.utf8.allSatisfy { byte in
            byte == 0x09 || (0x20..<0x7F).contains(byte)
        }
    }
}
