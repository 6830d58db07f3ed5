import Foundation
import HTTPTypes

/// Decides which header values and query parameters are hidden whenever Courier prints a request, a
/// response or an error.
///
/// Redaction is on by default: `Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie` and the
/// usual API-key headers, and query parameters such as `token` or `api_key`, print as `<redacted>`.
/// Add your own names, or opt out explicitly with ``none``:
///
/// ```swift
/// var request = try ClientRequest(url: "https://api.example.com/me?session=abc")
/// request.options.redactor = Redactor.default.hiding(headers: ["X-Tenant-Secret"], queryParameters: ["session"])
/// print(request)   // GET https://api.example.com/me?session=<redacted>
/// ```
public struct Redactor: Sendable, Hashable {
    /// What replaces a hidden value.
    public static let placeholder = "<redacted>"

    /// Header names whose values are hidden (compared case-insensitively).
    public var headers: Set<HTTPField.Name>
    /// Query parameter names whose values are hidden (compared case-insensitively).
    public var queryParameters: Set<String>

    /// Creates a redactor hiding exactly the given names.
    public init(headers: Set<HTTPField.Name>, queryParameters: Set<String>) {
        self.headers = headers
        self.queryParameters = Set(queryParameters.map { $0.lowercased() })
    }

    /// Credentials and API keys in their common spellings.
    public static let `default` = Redactor(
        headers: [
            .authorization, .proxyAuthorization, .cookie, .setCookie,
            HTTPField.Name("X-Api-Key")!, HTTPField.Name("Api-Key")!, HTTPField.Name("X-Auth-Token")!,
            HTTPField.Name("X-Access-Token")!, HTTPField.Name("X-CSRF-Token")!, HTTPField.Name("X-Amz-Security-Token")!,
        ],
        queryParameters: [
            "token", "access_token", "refresh_token", "id_token", "api_key", "apikey", "key", "password",
            "secret", "client_secret", "signature", "sig", "code", "session", "code_verifier", "device_code",
            "client_assertion", "assertion",
        ]
    )

    /// Hides nothing. Use only where the output never leaves the developer's machine.
    public static let none = Redactor(headers: [], queryParameters: [])

    /// A redactor that also hides the given header names and query parameters.
    public func hiding(headers names: [String] = [], queryParameters parameters: [String] = []) -> Redactor {
        var copy = self
        copy.headers.formUnion(names.compactMap { HTTPField.Name($0) })
        copy.queryParameters.formUnion(parameters.map { $0.lowercased() })
        return copy
    }

    /// The value to print for `field`.
    public func value(of field: HTTPField) -> String {
        headers.contains(field.name) ? Self.placeholder : field.value
    }

    /// `path?query` with the values of sensitive query parameters replaced.
    public func redact(pathAndQuery: String) -> String {
        // NOTE: bytes rather than `Character`s (whose grapheme breaking is slow), and no array of pairs:
        // this runs for every logged request, and `?`, `&`, `=` and `%` are ASCII.
        let utf8 = pathAndQuery.utf8
        guard !queryParameters.isEmpty, let questionMark = utf8.firstIndex(of: UInt8(ascii: "?")) else { return pathAndQuery }
        let query = utf8[utf8.index(after: questionMark)...]
        // Most queries carry nothing sensitive: the string is rebuilt only when a name matches.
        guard pairs(of: query).contains(where: isSensitive(pair:)) else { return pathAndQuery }
        var redacted = String(pathAndQuery[...questionMark])
        for (position, pair) in pairs(of: query).enumerated() {
            if position > 0 { redacted += "&" }
            if isSensitive(pair: pair), let equals = pair.firstIndex(of: UInt8(ascii: "=")) {
                redacted += Substring(pair[..<equals])
                redacted += "="
                redacted += Self.placeholder
            } else {
                redacted += Substring(pair)
            }
        }
        return redacted
    }

    /// The `&`-separated pairs of `query`, empty ones included, found as they are read.
    private func pairs(of query: Substring.UTF8View) -> QueryPairs {
        QueryPairs(rest: query)
    }

    /// Whether a `name=value` pair's name, percent-decoded and lowercased, is one to redact.
    private func isSensitive(pair: Substring.UTF8View) -> Bool {
        guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else { return false }
        let name = String(Substring(pair[..<equals]))
        let decoded = name.utf8.contains(UInt8(ascii: "%")) ? (name.removingPercentEncoding ?? name) : name
        return queryParameters.contains(decoded.lowercased())
    }

    /// A URL string fit to print: userinfo replaced (with or without a scheme), the fragment dropped
    /// (it often carries tokens), and sensitive query values replaced.
    public func redact(urlString: String) -> String {
        var text = urlString
        if let hash = text.firstIndex(of: "#") {
            text = String(text[..<hash]) + "#" + Self.placeholder
        }
        let authorityStart = text.range(of: "://")?.upperBound ?? text.startIndex
        let authorityEnd = text[authorityStart...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? text.endIndex
        if let at = text[authorityStart..<authorityEnd].lastIndex(of: "@") {
            text.replaceSubrange(authorityStart..<at, with: Self.placeholder)
        }
        return redact(pathAndQuery: text)
    }

    /// Free text (an underlying error's description, a body preview) with the values of sensitive
    /// query parameters and form fields (`token=…`) and JSON members (`"access_token": "…"`,
    /// `"authorization": "…"`) replaced.
    public func scrub(_ text: String) -> String {
        scrub(text, truncated: false)
    }

    /// Like ``scrub(_:)``, for the first bytes of a longer text: a sensitive JSON value cut off before
    /// its closing quote is hidden too.
    func scrub(_ text: String, truncated: Bool) -> String {
        let memberNames = queryParameters.union(headers.map { $0.canonicalName })
        guard !memberNames.isEmpty else { return text }
        let parameters = queryParameters.sorted().map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|")
        let members = memberNames.sorted().map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|")
        var patterns = [(#"(?i)("(?:"# + members + #")"\s*:\s*")(?:[^"\\]|\\.)*(")"#, "$1" + Self.placeholder + "$2")]
        if !parameters.isEmpty {
            patterns.append((#"(?i)((?:^|[?&#;,\s("])(?:"# + parameters + #")=)[^&#\s"'<>),;]*"#, "$1" + Self.placeholder))
        }
        if truncated {
            patterns.append((#"(?i)("(?:"# + members + #")"\s*:\s*")(?:[^"\\]|\\.)*$"#, "$1" + Self.placeholder))
        }
        var result = text
        for (pattern, template) in patterns {
            // The names are escaped, so the patterns always compile; a failure is a bug in this file.
            let expression = try! NSRegularExpression(pattern: pattern)
            result = expression.stringByReplacingMatches(
                in: result, range: NSRange(result.startIndex..., in: result), withTemplate: template
            )
        }
        return result
    }
}

/// The `&`-separated pairs of a query, empty ones included, found as they are read (no array is built).
private struct QueryPairs: Sequence, IteratorProtocol {
    var rest: Substring.UTF8View?

    mutating func next() -> Substring.UTF8View? {
        guard let current = rest else { return nil }
        guard let ampersand = current.firstIndex(of: UInt8(ascii: "&")) else {
            rest = nil
            return current
        }
        rest = current[current.index(after: ampersand)...]
        return current[..<ampersand]
    }
}
