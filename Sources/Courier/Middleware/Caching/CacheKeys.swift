import Foundation
import HTTPTypes

/// How a request finds its stored responses: the URL names the entry, the credentials and the fields
/// named by `Vary` choose among its variants.
enum CacheKeys {
    /// The request's absolute URL in ``canonical(scheme:authority:path:)`` form; `nil` for a relative
    /// request.
    static func url(of request: ClientRequest) -> String? {
        guard let scheme = request.head.scheme, let authority = request.head.authority else { return nil }
        return canonical(scheme: scheme, authority: authority, path: request.head.path ?? "/")
    }

    /// The key of the request's entry (``key(_:)`` of its ``url(of:)``), made in one allocation; `nil`
    /// for a relative request.
    static func key(of request: ClientRequest) -> String? {
        guard let scheme = request.head.scheme, let authority = request.head.authority else { return nil }
        return canonical(scheme: scheme, authority: authority, path: request.head.path ?? "/", prefix: keyPrefix)
    }

    /// The URL a key names.
    static func url(ofKey key: String) -> String {
        String(key.utf8.dropFirst(keyPrefix.utf8.count)) ?? key
    }

    private static let keyPrefix = "GET "

    /// One spelling for URLs that name the same resource (RFC 3986 §6.2.2–6.2.3), so that a lookup
    /// and an invalidation by `Location` agree: scheme and host lowercased, the default port dropped,
    /// percent escapes in uppercase, an empty path as `/`.
    static func canonical(scheme: String, authority: String, path: String, prefix: String = "") -> String {
        // NOTE: byte comparisons rather than `String.hasSuffix` (Unicode-aware, and slow): this runs on
        // every request a cache sees, and every byte compared here is ASCII or lowercased already.
        let scheme = lowercased(scheme)
        var authority = lowercased(authority)
        let defaultPort = scheme == "https" ? ":443" : scheme == "http" ? ":80" : nil
        if let defaultPort, hasSuffix(authority, defaultPort) {
            authority = String(authority.utf8.dropLast(defaultPort.utf8.count)) ?? authority
        } else if authority.utf8.last == UInt8(ascii: ":") {
            authority = String(authority.utf8.dropLast()) ?? authority
        }
        let path = uppercasingEscapes(path)
        // One allocation of the right size.
        var url = String()
        url.reserveCapacity(prefix.utf8.count + scheme.utf8.count + 4 + authority.utf8.count + path.utf8.count)
        url += prefix
        url += scheme
        url += "://"
        url += authority
        if path.utf8.first != UInt8(ascii: "/") { url += "/" }
        url += path
        return url
    }

    private static func hasSuffix(_ text: String, _ suffix: String) -> Bool {
        text.utf8.count >= suffix.utf8.count && text.utf8.suffix(suffix.utf8.count).elementsEqual(suffix.utf8)
    }

    /// `text` lowercased, without a copy when it has no uppercase ASCII letter (URLs almost never do;
    /// this runs on every request).
    private static func lowercased(_ text: String) -> String {
        text.utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") || $0 >= 0x80 }) ? text.lowercased() : text
    }

    private static func uppercasingEscapes(_ path: String) -> String {
        guard path.utf8.contains(UInt8(ascii: "%")) else { return path }
        var bytes = Array(path.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count {
                for offset in 1...2 where (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(bytes[index + offset]) {
                    bytes[index + offset] -= 32
                }
                index += 3
            } else {
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The same form for a URL from a `Location` or `Content-Location` field, resolved against the
    /// request's URL; `nil` unless it is on the same origin.
    static func url(_ reference: String, relativeTo base: String) -> String? {
        guard let baseURL = URL(string: base), let resolved = URL(string: reference, relativeTo: baseURL)?.absoluteURL,
              let components = URLComponents(url: resolved, resolvingAgainstBaseURL: true),
              let scheme = components.scheme?.lowercased(), let host = components.host?.lowercased() else { return nil }
        let authority = components.port.map { "\(host):\($0)" } ?? host
        let path = components.percentEncodedPath + (components.percentEncodedQuery.map { "?\($0)" } ?? "")
        let url = canonical(scheme: scheme, authority: authority, path: path)
        return origin(of: url) == origin(of: base) ? url : nil
    }

    /// The key of the entry for `url`. HEAD is answered from the GET entry, so the method is always GET.
    static func key(_ url: String) -> String {
        keyPrefix + url
    }

    /// A digest of the request's credentials, or `nil` when it carries none. Responses are only ever
    /// served to requests with the same value: one user's response never reaches another.
    static func credentialIdentity(_ fields: HTTPFields) -> String? {
        // Most requests carry none: one pass over the fields, no arrays built.
        guard fields.contains(where: { $0.name == .authorization || $0.name == .proxyAuthorization || $0.name == .cookie }) else {
            return nil
        }
        let parts = [HTTPField.Name.authorization, .proxyAuthorization, .cookie].map { fields[values: $0].joined(separator: "\u{0}") }
        guard parts.contains(where: { !$0.isEmpty }) else { return nil }
        return SHA256.hex(of: parts.joined(separator: "\n"))
    }

    /// The field names the `Vary` fields list, lowercased; `["*"]` when any is `*`.
    static func varyingNames(_ fields: HTTPFields) -> [String] {
        let names = fields[values: .vary].flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty }
        return names.contains("*") ? ["*"] : names
    }

    /// The request's values for `names`, by name; absent fields are left out.
    static func values(of names: [String], in fields: HTTPFields) -> [String: String] {
        var values: [String: String] = [:]
        for name in names {
            guard let fieldName = HTTPField.Name(name) else { continue }
            let joined = fields[values: fieldName].map(normalized).joined(separator: ", ")
            if !fields[values: fieldName].isEmpty { values[name] = joined }
        }
        return values
    }

    /// Whether `stored` may be selected for a request with `fields` and `identity` (RFC 9111 §4.1).
    static func matches(_ stored: CachedResponse, fields: HTTPFields, identity: String?) -> Bool {
        guard stored.credentialIdentity == identity else { return false }
        let names = stored.varyingNames
        guard names != ["*"] else { return false }
        return values(of: names, in: fields) == stored.varyingRequestFields
    }

    private static func normalized(_ value: String) -> String {
        value.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    private static func origin(of url: String) -> String? {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
              let host = components.host?.lowercased() else { return nil }
        let port = components.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
        return "\(scheme)://\(host):\(port)"
    }
}
