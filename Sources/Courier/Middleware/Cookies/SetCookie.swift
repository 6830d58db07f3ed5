import Foundation

/// One `Set-Cookie` field, parsed by RFC 6265 §5.2 but not yet resolved against the URL that set it
/// (that is ``CookieStorage``'s job, §5.3).
///
/// Attribute names are case-insensitive; an attribute that is repeated counts by its last valid
/// occurrence; an attribute that is invalid (an unreadable `Expires`, a `Max-Age` that is not a
/// number, an empty `Domain`) is ignored as if it were absent, and unknown attributes are ignored.
struct SetCookie: Equatable {
    var name: String
    var value: String
    /// The last valid `Expires`.
    var expires: Date?
    /// The last valid `Max-Age`, in seconds; it wins over `Expires` wherever each appears.
    var maxAge: Int?
    /// The last non-empty `Domain`, lower-case, without its leading dot (`""` when it was just `.`).
    var domain: String?
    /// The last `Path`; `nil` when absent or when the last one did not start with `/`, which both mean
    /// the default path.
    var path: String?
    var isSecure = false
    var isHTTPOnly = false
    var sameSite: Cookie.SameSite?

    /// RFC 6265bis §5.6: a name and value longer than this together are refused…
    static let maxNameValueBytes = 4096
    /// …and an attribute value longer than this is ignored.
    static let maxAttributeValueBytes = 1024

    /// Parses `field`, or returns `nil` when RFC 6265 says to ignore it: no `=` in the first part, an
    /// empty name. Courier also refuses a name or value with a control character (RFC 6265bis) or a byte
    /// outside ASCII (which Courier never puts in a request header, so the cookie could never be sent).
    init?(_ field: String) {
        let parts = field.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
        let pair = parts[0]
        guard let equals = pair.firstIndex(of: "=") else { return nil }
        name = Self.trimmed(pair[..<equals])
        value = Self.trimmed(pair[pair.index(after: equals)...])
        guard !name.isEmpty, name.utf8.count + value.utf8.count <= Self.maxNameValueBytes,
              Self.isSendable(name), Self.isSendable(value)
        else { return nil }
        guard parts.count == 2 else { return }
        for attribute in parts[1].split(separator: ";", omittingEmptySubsequences: false) {
            apply(attribute)
        }
    }

    /// Applies one `cookie-av` (§5.2 steps 1–6 of its loop, then §5.2.1–§5.2.6).
    private mutating func apply(_ attribute: Substring) {
        let attributeName: String
        let attributeValue: String
        if let equals = attribute.firstIndex(of: "=") {
            attributeName = Self.trimmed(attribute[..<equals])
            attributeValue = Self.trimmed(attribute[attribute.index(after: equals)...])
        } else {
            attributeName = Self.trimmed(attribute)
            attributeValue = ""
        }
        guard attributeValue.utf8.count <= Self.maxAttributeValueBytes else { return }
        switch attributeName.lowercased() {
        case "expires":
            if let date = CookieDate.parse(attributeValue) { expires = date }
        case "max-age":
            if let seconds = Self.deltaSeconds(attributeValue) { maxAge = seconds }
        case "domain":
            // An empty Domain is undefined behaviour; the RFC says to ignore the attribute.
            guard !attributeValue.isEmpty else { return }
            let undotted = attributeValue.hasPrefix(".") ? attributeValue.dropFirst() : Substring(attributeValue)
            domain = undotted.lowercased()
        case "path":
            path = attributeValue.hasPrefix("/") ? attributeValue : nil
        case "secure":
            isSecure = true
        case "httponly":
            isHTTPOnly = true
        case "samesite":
            sameSite = Cookie.SameSite(rawValue: attributeValue.lowercased())
        default:
            break
        }
    }

    /// §5.2.2: an optional `-` and digits, else the attribute is ignored. Values beyond `Int` saturate,
    /// since a huge Max-Age still means "far in the future" (or, negative, "already expired").
    static func deltaSeconds(_ text: String) -> Int? {
        let negative = text.hasPrefix("-")
        let digits = negative ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        let magnitude = Int(digits) ?? Int.max
        return negative ? -magnitude : magnitude
    }

    /// Without leading and trailing spaces and tabs (`WSP`), the only whitespace §5.2 removes.
    private static func trimmed(_ text: Substring) -> String {
        let isWhitespace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !isWhitespace($0) }), let last = text.lastIndex(where: { !isWhitespace($0) }) else {
            return ""
        }
        return String(text[first...last])
    }

    /// Printable ASCII and tab: what can go back into a `Cookie` header unchanged.
    private static func isSendable(_ text: String) -> Bool {
        HeaderValidation.isValidValue(text)
    }
}
