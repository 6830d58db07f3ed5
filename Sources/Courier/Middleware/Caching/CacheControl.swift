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
    /// RFC 8246: the response will not change while it is fresh.
    var immutable = false
    /// RFC 9111 §5.2.2.3: store only if this cache knows the status code's rules (it then ignores `no-store`).
    var mustUnderstand = false

    init() {}

    init(_ fields: HTTPFields) {
        // Most requests carry neither field: nothing to read.
        guard fields.contains(where: { $0.name == .cacheControl || $0.name == .pragma }) else { return }
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
        case "immutable": immutable = true
        case "must-understand": mustUnderstand = true
        default: break
        }
    }

    /// A `delta-seconds` value (RFC 9111 §1.2.2): digits only, and anything beyond 2³¹ counts as 2³¹;
    /// `nil` for a sign, a fraction, an exponent or `inf`, which a server can send but never means.
    static func deltaSeconds(_ text: some StringProtocol) -> Int? {
        let digits = trimmed(Array(text.utf8)[...])
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        let limit = 2_147_483_648
        guard digits.count <= 10 else { return limit }
        return min(digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }, limit)
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
    ///
    /// It works on the UTF-8 bytes: every byte the grammar gives a meaning to is ASCII, and a cache reads
    /// these fields on every request.
    static func directives(in value: String) -> [(String, Argument)] {
        var result: [(String, Argument)] = []
        let bytes = Array(value.utf8)
        var start = 0
        var quoted = false
        var escaped = false
        for (index, byte) in bytes.enumerated() {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") && quoted {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                quoted.toggle()
            } else if byte == UInt8(ascii: ",") && !quoted {
                if let directive = directive(bytes[start..<index]) { result.append(directive) }
                start = index + 1
            }
        }
        if let directive = directive(bytes[start...]) { result.append(directive) }
        return result
    }

    /// One `name[=value]` part, or `nil` when it is empty.
    private static func directive(_ raw: ArraySlice<UInt8>) -> (String, Argument)? {
        let part = trimmed(raw)
        guard !part.isEmpty else { return nil }
        guard let equals = part.firstIndex(of: UInt8(ascii: "=")) else {
            return (lowercased(part), .none)
        }
        let rawName = part[..<equals]
        let rawArgument = part[(equals + 1)...]
        let name = lowercased(trimmed(rawName))
        guard let last = rawName.last, !isSpace(last), let first = rawArgument.first, !isSpace(first) else {
            return (name, .malformed)
        }
        guard rawArgument.count >= 2, first == UInt8(ascii: "\""), rawArgument.last == UInt8(ascii: "\"") else {
            return (name, .value(String(decoding: rawArgument, as: UTF8.self)))
        }
        let unquoted = rawArgument.dropFirst().dropLast().filter { $0 != UInt8(ascii: "\\") }
        return (name, .value(String(decoding: unquoted, as: UTF8.self)))
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var bytes = bytes
        while let first = bytes.first, isSpace(first) { bytes.removeFirst() }
        while let last = bytes.last, isSpace(last) { bytes.removeLast() }
        return bytes
    }

    /// ASCII letters lowercased; other bytes as they are.
    private static func lowercased(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }, as: UTF8.self)
    }
}

extension HTTPField.Name {
    static let pragma = HTTPField.Name("Pragma")!
}
