import HTTPTypes

extension ClientRequest {
    /// Refuses a request whose head holds a byte HTTP cannot carry where it stands: a control character
    /// (CR, LF, NUL, any byte below 0x20, DEL) or a space in the path or the authority, or a control
    /// character other than a tab in a header field's value (RFC 9110 §5.5, RFC 9112 §3).
    ///
    /// The URL parser, ``RequestPath`` and ``setHeader(_:_:)`` never produce such bytes; this is the last
    /// check for what reaches a request by other ways (`RequestPath(raw:)`, a middleware setting
    /// `head.path` or `head.headerFields` directly), so that no input can ever split a request line or a
    /// header block. Courier's transports call it before anything is written; a transport of your own
    /// should too.
    ///
    /// - Throws: ``NetworkError`` of kind ``NetworkError/Kind/invalidURL`` for the path or authority,
    ///   ``NetworkError/Kind/invalidHeader(name:)`` for a header field (naming the field, never showing
    ///   its value).
    public func checkHeadForTheWire() throws {
        if let path = head.path, let byte = path.utf8.first(where: Self.breaksTheRequestLine) {
            throw NetworkError(.invalidURL, message: "the request's path holds \(Self.describe(byte)), which a request line cannot carry; nothing was sent.", request: self)
        }
        if let authority = head.authority, let byte = authority.utf8.first(where: Self.breaksTheRequestLine) {
            throw NetworkError(.invalidURL, message: "the request's host holds \(Self.describe(byte)), which a Host header cannot carry; nothing was sent.", request: self)
        }
        for field in head.headerFields where field.value.utf8.contains(where: Self.breaksAHeaderLine) {
            throw NetworkError(
                .invalidHeader(name: field.name.canonicalName),
                message: "the value of '\(field.name.canonicalName)' holds a control character, which a header field cannot carry; nothing was sent.",
                request: self
            )
        }
    }

    private static func breaksTheRequestLine(_ byte: UInt8) -> Bool {
        byte <= 0x20 || byte == 0x7F
    }

    private static func breaksAHeaderLine(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09) || byte == 0x7F
    }

    private static func describe(_ byte: UInt8) -> String {
        switch byte {
        case 0x0D: "a carriage return (CR)"
        case 0x0A: "a line feed (LF)"
        case 0x20: "a space"
        default: "a control character (byte 0x\(String(byte, radix: 16, uppercase: true)))"
        }
    }
}
