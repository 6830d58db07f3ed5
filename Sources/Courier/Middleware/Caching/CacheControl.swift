import Foundation
import HTTPTypes

/// The `Cache-Control` directives a private cache acts on (RFC 9111 §5.2), read from request or
/// response header fields.
///
/// Directive names are case-insensitive; unknown directives are ignored; a malformed value (such as
/// `max-age=soon`, or `max-age =3600` with spaces around `=`, which the grammar does not allow) makes its
/// directive count as absent, except `max-age`, which then counts as 0 — RFC 9111 §4.2.1: an invalid
/// freshness lifetime means stale. A directive given twice (`max-age=1, max-age=1800`, in one field or
/// two) counts by its first occurrence, as §4.2.1 allows.
struct CacheControl: Equatable {
    var maxAge: Int?
    var sharedMaxAge: Int?
    var maxStale: Int?
    var minFresh: Int?
    var noStore = false
    var noCache = false
    var isPrivate = false
    var isPublic = false
    var mustRevalidate = false
    var onlyIfCached = false
    var staleWhileRevalidate: Int?
    var staleIfError: Int?

    init() {}

    init(_ fields: HTTPFields) {
        let values = fields[values: .cacheControl]
        var seen: Set<String> = []
        for value in values {
            for (name, argument) in Self.directives(in: value) where seen.insert(name).inserted {
                apply(name, argument)
            }
        }
        // HTTP/1.0's `Pragma: no-cache` counts when there is no Cache-Control at all (RFC 9111 §5.4).
        if values.isEmpty, fields[values: .pragma].contains(where: { $0.lowercased().contains("no-cache") }) {
            noCache = true
        }
    }

    private mutating func apply(_ name: String, _ argument: Argument) {
        let seconds: Int?
        switch argument {
        case .none, .malformed: seconds = nil
        case .value(let text): seconds = Self.deltaSeconds(text)
        }
        switch name {
        // An invalid max-age makes the response stale rather than fresh (RFC 9111 §4.2.1).
        case "max-age": maxAge = seconds ?? 0
        case "s-maxage": sharedMaxAge = seconds
        case "max-stale":
            if case .none = argument { maxStale = Int.max } else { maxStale = seconds }
        case "min-fresh": minFresh = seconds
        case "no-store": noStore = true
        case "no-cache": noCache = true
        case "private": isPrivate = true
        case "public": isPublic = true
        // `proxy-revalidate` binds shared caches only; this one is private.
        case "must-revalidate": mustRevalidate = true
        case "only-if-cached": onlyIfCached = true
        case "stale-while-revalidate": staleWhileRevalidate = seconds
        case "stale-if-error": staleIfError = seconds
        default: break
        }
    }

    /// A `delta-seconds` value (RFC 9111 §1.2.2): digits only, and anything beyond 2³¹ counts as 2³¹;
    /// `nil` for a sign, a fraction, an exponent or `inf`, which a server can send but never means.
    static func deltaSeconds(_ text: some StringProtocol) -> Int? {
        let digits = text.trimmingCharacters(in: .whitespaces)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        let limit = 2_147_483_648
        guard digits.utf8.count <= 10, let value = Int(digits) else { return limit }
        return min(value, limit)
    }

    /// A directive's argument.
    enum Argument: Equatable {
        /// No `=`.
        case none
        /// The text after `=`, unquoted.
        case value(String)
        /// Off the grammar (`token [ "=" ( token / quoted-string ) ]`): whitespace around `=`, or nothing
        /// after it.
        case malformed
    }

    /// `name[=value]` pairs of one field value, names lowercased, quoted values unquoted; commas inside
    /// quotes do not split.
    static func directives(in value: String) -> [(String, Argument)] {
        var result: [(String, Argument)] = []
        var current = ""
        var quoted = false
        var escaped = false
        func flush() {
            let part = current.trimmingCharacters(in: .whitespaces)
            current = ""
            guard !part.isEmpty else { return }
            guard let equals = part.firstIndex(of: "=") else {
                result.append((part.lowercased(), .none))
                return
            }
            let rawName = part[..<equals]
            let rawArgument = part[part.index(after: equals)...]
            let name = rawName.trimmingCharacters(in: .whitespaces).lowercased()
            guard rawName.last != " ", rawName.last != "\t", let first = rawArgument.first, first != " ", first != "\t" else {
                result.append((name, .malformed))
                return
            }
            var argument = String(rawArgument)
            if argument.count >= 2, argument.hasPrefix("\""), argument.hasSuffix("\"") {
                argument = String(argument.dropFirst().dropLast()).replacingOccurrences(of: "\\", with: "")
            }
            result.append((name, .value(argument)))
        }
        for character in value {
            if escaped {
                escaped = false
                current.append(character)
                continue
            }
            switch character {
            case "\\" where quoted:
                escaped = true
                current.append(character)
            case "\"":
                quoted.toggle()
                current.append(character)
            case "," where !quoted:
                flush()
            default:
                current.append(character)
            }
        }
        flush()
        return result
    }
}

extension HTTPField.Name {
    static let pragma = HTTPField.Name("Pragma")!
}
