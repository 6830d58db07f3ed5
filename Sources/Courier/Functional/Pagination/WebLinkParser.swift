/// Reads the links of one `Link` field value (RFC 8288 §3):
///
/// ```text
/// Link       = #link-value
/// link-value = "<" URI-Reference ">" *( OWS ";" OWS link-param )
/// link-param = token BWS [ "=" BWS ( token / quoted-string ) ]
/// ```
///
/// NOTE: the field is scanned byte by byte rather than split on `,` and `;`, because both may appear
/// inside the `<…>` target and inside quoted parameter values.
struct WebLinkParser {
    private let bytes: [UInt8]
    private var index = 0

    init(_ fieldValue: String) {
        bytes = Array(fieldValue.utf8)
    }

    mutating func parseLinks() -> [WebLink] {
        var links: [WebLink] = []
        while true {
            skip { $0 == .space || $0 == .tab || $0 == .comma }
            guard index < bytes.count else { return links }
            if let link = parseLink() {
                links.append(link)
            } else {
                skipToNextLink()
            }
        }
    }

    /// One link-value, ending after its last parameter (before the `,` that separates it from the next);
    /// `nil` when it is malformed.
    private mutating func parseLink() -> WebLink? {
        guard bytes[index] == .lessThan, let close = bytes[index...].firstIndex(of: .greaterThan) else { return nil }
        let target = text(bytes[(index + 1)..<close]).trimmingSpaces()
        index = close + 1
        var parameters: [String: String] = [:]
        var rel: String?
        while true {
            skip { $0 == .space || $0 == .tab }
            guard index < bytes.count, bytes[index] != .comma else { break }
            guard bytes[index] == .semicolon else { return nil }
            index += 1
            guard let (name, value) = parseParameter() else { return nil }
            // RFC 8288 §3.3: a `rel` after the first is ignored; other parameters keep their first value too.
            if parameters[name] == nil { parameters[name] = value }
            if name == "rel", rel == nil { rel = value }
        }
        let relations = (rel ?? "").lowercased().split { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }.map(String.init)
        return WebLink(target: target, relations: relations, parameters: parameters)
    }

    /// `name[=value]` after a `;`: the name lower-cased, the value unquoted (empty when absent).
    private mutating func parseParameter() -> (String, String)? {
        skip { $0 == .space || $0 == .tab }
        let nameStart = index
        skip(while: Self.isTokenByte)
        guard index > nameStart else { return nil }
        let name = text(bytes[nameStart..<index]).lowercased()
        skip { $0 == .space || $0 == .tab }
        guard index < bytes.count, bytes[index] == .equals else { return (name, "") }
        index += 1
        skip { $0 == .space || $0 == .tab }
        guard index < bytes.count, bytes[index] == .quote else {
            // A token, read leniently up to the next delimiter.
            let valueStart = index
            skip { $0 != .semicolon && $0 != .comma && $0 != .space && $0 != .tab }
            return (name, text(bytes[valueStart..<index]))
        }
        return parseQuotedString().map { (name, $0) }
    }

    /// A quoted-string starting at `"`, with `\` escapes removed; `nil` when it is not closed.
    private mutating func parseQuotedString() -> String? {
        index += 1
        var value: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case .quote:
                return text(value[...])
            case .backslash where index < bytes.count:
                value.append(bytes[index])
                index += 1
            default:
                value.append(byte)
            }
        }
        return nil
    }

    /// Moves past a malformed link: to just after the next `,` outside `<…>` and quotes.
    private mutating func skipToNextLink() {
        var inQuotes = false
        var inTarget = false
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if inQuotes {
                if byte == .backslash { index += 1 } else if byte == .quote { inQuotes = false }
            } else if inTarget {
                if byte == .greaterThan { inTarget = false }
            } else if byte == .quote {
                inQuotes = true
            } else if byte == .lessThan {
                inTarget = true
            } else if byte == .comma {
                return
            }
        }
    }

    private mutating func skip(while predicate: (UInt8) -> Bool) {
        while index < bytes.count, predicate(bytes[index]) { index += 1 }
    }

    private func text(_ slice: ArraySlice<UInt8>) -> String {
        String(decoding: slice, as: UTF8.self)
    }

    /// RFC 9110 `tchar`.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            tokenSymbols.contains(byte)
        }
    }

    private static let tokenSymbols = Set("!#$%&'*+-.^_`|~".utf8)
}

private extension UInt8 {
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let comma = UInt8(ascii: ",")
    static let semicolon = UInt8(ascii: ";")
    static let equals = UInt8(ascii: "=")
    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")
    static let lessThan = UInt8(ascii: "<")
    static let greaterThan = UInt8(ascii: ">")
}

private extension String {
    func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while scalars.first == " " || scalars.first == "\t" { scalars.removeFirst() }
        while scalars.last == " " || scalars.last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
