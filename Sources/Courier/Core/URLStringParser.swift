/// Parses an absolute `http`/`https` URL string the way the WHATWG URL Standard does (what browsers and
/// `fetch` do), into the parts an `HTTPRequest` head holds.
///
/// What that means: leading and trailing spaces and control characters are ignored, and tabs and line
/// breaks anywhere are removed; `\` works as `/`; `http:example.com` and `http:/example.com` mean
/// `http://example.com/`; the host is percent-decoded, converted to ASCII (IDNA, through Foundation: see
/// ``DomainToASCII``) and lowercased, or read as an IPv4 address (`0x7f.1` is `127.0.0.1`) or an IPv6
/// address (written back canonically); the default port is dropped; `.` and `..` segments are resolved;
/// the path, query and fragment are percent-encoded with WHATWG's sets, and a `%` is kept as written.
///
/// Where Courier refuses what WHATWG accepts, on purpose:
/// - userinfo (`user:password@`), which would put a credential in the URL;
/// - port 0, which nothing can connect to;
/// - `"` `` ` `` `{` `}` in a host, which a `Host` header cannot carry;
/// - a non-ASCII host breaking a DNS rule WHATWG leaves out (Foundation's IDNA applies them).
///
/// NOTE: Foundation's `URL(string:)` differs between platforms and versions (some percent-encode spaces
/// silently, some accept userinfo or a port of 99999), so Courier parses URLs itself, on UTF-8 bytes.
package struct URLStringParser {
    /// A parsed URL.
    package struct Parts: Equatable, Sendable {
        /// `http` or `https`.
        package var scheme: String
        /// The host and, when it is not the scheme's default, `:port`.
        package var authority: String
        /// The path, and `?query` when the URL has a `?`.
        package var pathAndQuery: String
        /// The fragment after `#`, percent-encoded, or `nil` without a `#`. Never sent: kept so a parse
        /// can be compared with a browser's.
        package var fragment: String?
    }

    /// The reason given for userinfo, a documented difference from WHATWG.
    package static let userinfoReason = "it contains userinfo (user:password@); pass credentials with authorizing(with:) instead"
    /// The reason given for port 0, a documented difference from WHATWG.
    package static let portZeroReason = "port 0 cannot be connected to; give a port from 1 to 65535"
    /// The reason given for `"` `` ` `` `{` `}` in a host, a documented difference from WHATWG.
    package static let hostHeaderCharacterReason = URLHostParser.hostHeaderCharacterReason

    /// The parts of `string`.
    ///
    /// - Throws: ``NetworkError`` of kind ``NetworkError/Kind/invalidURL``, whose message shows the
    ///   input redacted and says why.
    package static func parse(_ string: String) throws -> Parts {
        do {
            return try parts(of: URLInput.bytes(of: string))
        } catch {
            let shown = error.shownInput ?? Redactor.default.redact(urlString: string)
            throw NetworkError(.invalidURL, message: "'\(escapingControls(shown))' is not a valid URL: \(error.reason).")
        }
    }

    /// `text` with control characters written as `\u{1B}`, so that an input cannot forge log lines or
    /// send terminal escapes through an error message.
    private static func escapingControls(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    private static func parts(of input: [UInt8]) throws(URLParseFailure) -> Parts {
        guard !input.isEmpty else { throw URLParseFailure("it is empty") }
        var index = 0
        let scheme = try self.scheme(of: input, index: &index)
        // `http:`, then any number of `/` and `\` (WHATWG's special authority slashes states).
        while index < input.count, input[index] == UInt8(ascii: "/") || input[index] == UInt8(ascii: "\\") {
            index += 1
        }
        let authorityStart = index
        var lastAt: Int?
        while index < input.count, !isAuthorityEnd(input[index]) {
            if input[index] == UInt8(ascii: "@") { lastAt = index }
            index += 1
        }
        if let lastAt {
            let afterUserinfo = String(decoding: input[(lastAt + 1)...], as: UTF8.self)
            let shown = Redactor.default.redact(urlString: "\(scheme)://\(Redactor.placeholder)@\(afterUserinfo)")
            throw URLParseFailure(userinfoReason, shownInput: shown)
        }
        let authority = try self.authority(input[authorityStart..<index], defaultPort: scheme == "https" ? 443 : 80)

        var target: [UInt8] = []
        target.reserveCapacity(input.count - index + 1)
        index = URLPathParser.parse(input, from: index, into: &target)
        if index < input.count, input[index] == UInt8(ascii: "?") {
            target.append(UInt8(ascii: "?"))
            index += 1
            let encodeSet = URLEncodeSet.specialQuery
            while index < input.count, input[index] != UInt8(ascii: "#") {
                encodeSet.append(input[index], to: &target)
                index += 1
            }
        }
        var fragment: String?
        if index < input.count {  // at `#`
            var bytes: [UInt8] = []
            let encodeSet = URLEncodeSet.fragment
            for byte in input[(index + 1)...] {
                encodeSet.append(byte, to: &bytes)
            }
            fragment = String(decoding: bytes, as: UTF8.self)
        }
        return Parts(scheme: scheme, authority: authority, pathAndQuery: String(decoding: target, as: UTF8.self), fragment: fragment)
    }

    /// `http` or `https`, lowercased, with `index` moved past the `:`.
    private static func scheme(of input: [UInt8], index: inout Int) throws(URLParseFailure) -> String {
        let noScheme = URLParseFailure("it has no scheme; write it as https://host/path")
        guard ASCII.isAlpha(input[0]) else { throw noScheme }
        while index < input.count, isSchemeByte(input[index]) { index += 1 }
        guard index < input.count, input[index] == UInt8(ascii: ":") else { throw noScheme }
        let name = input[..<index].map(ASCII.lowercase)
        index += 1
        if name.elementsEqual("http".utf8) { return "http" }
        if name.elementsEqual("https".utf8) { return "https" }
        // `localhost:8080/x` is a host and port without a scheme, not the scheme `localhost`.
        if index < input.count, ASCII.isDigit(input[index]) { throw noScheme }
        throw URLParseFailure(name.count <= 16
            ? "the scheme '\(String(decoding: name, as: UTF8.self))' is not http or https" : "it has no http or https scheme")
    }

    /// The host, serialized, and `:port` unless the port is the default or empty (`http://h:/`).
    private static func authority(_ bytes: ArraySlice<UInt8>, defaultPort: Int) throws(URLParseFailure) -> String {
        // The port starts at the first `:` outside brackets.
        var hostEnd = bytes.endIndex
        var insideBrackets = false
        for index in bytes.indices {
            switch bytes[index] {
            case UInt8(ascii: "["): insideBrackets = true
            case UInt8(ascii: "]"): insideBrackets = false
            case UInt8(ascii: ":") where !insideBrackets: hostEnd = index
            default: continue
            }
            if hostEnd != bytes.endIndex { break }
        }
        guard hostEnd > bytes.startIndex else { throw URLParseFailure("it has no host") }
        let host = try URLHostParser.serialize(bytes[..<hostEnd])
        let bracketed = bytes.first == UInt8(ascii: "[")
        guard hostEnd < bytes.endIndex, let port = try Self.port(bytes[(hostEnd + 1)...], afterBrackets: bracketed),
              port != defaultPort else { return host }
        return host + ":" + String(port)
    }

    /// The port's number, or `nil` when it is empty.
    private static func port(_ digits: ArraySlice<UInt8>, afterBrackets: Bool) throws(URLParseFailure) -> Int? {
        guard !digits.isEmpty else { return nil }
        var value = 0
        for byte in digits {
            guard ASCII.isDigit(byte) else {
                // `http://2001:db8::1/` reads as host `2001` and port `db8::1`.
                throw URLParseFailure(!afterBrackets && digits.contains(UInt8(ascii: ":"))
                    ? "an IPv6 address must be written in brackets (http://[::1]:8080/)" : "the port is not a number from 1 to 65535")
            }
            // Leading zeros are allowed (`:0080`), so the value, not the length, is what is limited.
            value = min(value * 10 + Int(byte - UInt8(ascii: "0")), 100_000)
        }
        guard value <= 65535 else { throw URLParseFailure("the port is not a number from 1 to 65535") }
        guard value != 0 else { throw URLParseFailure(portZeroReason) }
        return value
    }

    /// The end of the authority for http(s): `/`, `\`, `?` or `#`.
    private static func isAuthorityEnd(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }

    /// A letter, digit, `+`, `-` or `.`.
    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        ASCII.isAlpha(byte) || ASCII.isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}
