/// Splits an absolute `http`/`https` URL string into the parts an `HTTPRequest` head holds, encoding what
/// must be encoded and refusing what cannot be sent.
///
/// NOTE: Foundation's `URL(string:)` differs between platforms and versions (some percent-encode spaces
/// silently, some accept userinfo or a port of 99999), so Courier parses the few parts it needs itself and
/// is strict where leniency would send something other than what the caller meant.
struct URLStringParser {
    struct Parts: Equatable {
        var scheme: String
        var authority: String
        var pathAndQuery: String
    }

    static func parse(_ string: String) throws -> Parts {
        func invalid(_ why: String) -> NetworkError {
            NetworkError(.invalidURL, message: "'\(Redactor.default.redact(urlString: string))' is not a valid URL: \(why).")
        }
        guard !string.isEmpty else { throw invalid("it is empty") }
        guard string.utf8.allSatisfy({ $0 > 0x20 || $0 == 0x20 }), !string.utf8.contains(0x7F) else {
            throw invalid("it contains a control character (CR, LF, tab or NUL)")
        }
        guard let schemeEnd = string.range(of: "://") else {
            throw invalid("it has no scheme; write it as https://host/path")
        }
        let scheme = string[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else {
            let printable = scheme.first?.isLetter == true && scheme.count <= 16
                && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
            throw invalid(printable ? "the scheme '\(scheme)' is not http or https" : "it has no http or https scheme")
        }
        let rest = string[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
        let authority = try parseAuthority(rest[..<authorityEnd], invalid: invalid)

        var remainder = rest[authorityEnd...]
        if let hash = remainder.firstIndex(of: "#") {
            remainder = remainder[..<hash]  // a fragment is never sent
        }
        let queryStart = remainder.firstIndex(of: "?")
        let rawPath = remainder[..<(queryStart ?? remainder.endIndex)]
        guard var path = PercentEncoding.encode(rawPath, allowed: .path, escapes: .requireValid) else {
            throw invalid("the path has a '%' that is not followed by two hex digits")
        }
        if path.isEmpty { path = "/" }
        if let queryStart {
            let rawQuery = remainder[remainder.index(after: queryStart)...]
            guard let query = PercentEncoding.encode(rawQuery, allowed: .query, escapes: .requireValid) else {
                throw invalid("the query has a '%' that is not followed by two hex digits")
            }
            path += "?" + query
        }
        return Parts(scheme: scheme, authority: authority, pathAndQuery: path)
    }

    /// `host[:port]` or `[v6]:port`; userinfo is refused, since it would put a credential in the URL.
    private static func parseAuthority(_ authority: Substring, invalid: (String) -> NetworkError) throws -> String {
        guard !authority.isEmpty else { throw invalid("it has no host") }
        guard !authority.contains("@") else {
            throw invalid("it contains userinfo (user:password@); pass credentials with authorizing(with:) instead")
        }
        let host: Substring
        let port: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw invalid("the IPv6 address has no closing ']'") }
            host = authority[...close]
            let afterHost = authority[authority.index(after: close)...]
            if afterHost.isEmpty {
                port = nil
            } else if afterHost.hasPrefix(":") {
                port = afterHost.dropFirst()
            } else {
                throw invalid("unexpected text after the IPv6 address")
            }
            let address = host.dropFirst().dropLast()
            guard !address.isEmpty, address.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else {
                throw invalid("the bracketed host is not an IPv6 address")
            }
        } else {
            if let colon = authority.lastIndex(of: ":") {
                host = authority[..<colon]
                port = authority[authority.index(after: colon)...]
            } else {
                host = authority
                port = nil
            }
            guard !host.isEmpty else { throw invalid("it has no host") }
            guard host.utf8.allSatisfy(isHostByte) else {
                throw invalid("the host has characters a host name cannot have (an internationalized name must be given in its punycode form, xn--…)")
            }
        }
        if let port {
            guard !port.isEmpty, port.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(port), (1...65535).contains(number) else {
                throw invalid("the port is not a number from 1 to 65535")
            }
        }
        return authority.lowercased()
    }

    /// Letters, digits, `-`, `.` and `_`: a registered name in ASCII (RFC 3986 §3.2.2, no escapes).
    private static func isHostByte(_ byte: UInt8) -> Bool {
        PercentEncoding.isUnreserved(byte) && byte != UInt8(ascii: "~")
    }
}
