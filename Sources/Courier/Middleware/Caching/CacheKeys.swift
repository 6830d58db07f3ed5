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
        let path = request.head.path ?? "/"
        return RecentKeys.key(scheme: scheme, authority: authority, path: path) {
            canonical(scheme: scheme, authority: authority, path: path, prefix: keyPrefix)
        }
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
        // NOTE: one pass over the bytes into a string of the right size: this runs on every request a cache
        // sees (twice per hit: Benchmarks/load, the cache hit). Only a non-ASCII scheme or host needs
        // Unicode lowercasing first.
        var scheme = scheme, authority = authority, path = path, prefix = prefix
        if scheme.withUTF8(containsNonASCII) { scheme = scheme.lowercased() }
        if authority.withUTF8(containsNonASCII) { authority = authority.lowercased() }
        return prefix.withUTF8 { prefix in
            scheme.withUTF8 { scheme in
                authority.withUTF8 { authority in
                    path.withUTF8 { path in join(prefix: prefix, scheme: scheme, authority: authority, path: path) }
                }
            }
        }
    }

    private static func containsNonASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.contains { $0 >= 0x80 }
    }

    /// `prefix` + `scheme://authority` + `path`: the scheme and authority in lowercase, the authority
    /// without its default port or a bare `:`, a `/` before a path that lacks one, escapes in uppercase.
    private static func join(
        prefix: UnsafeBufferPointer<UInt8>, scheme: UnsafeBufferPointer<UInt8>,
        authority: UnsafeBufferPointer<UInt8>, path: UnsafeBufferPointer<UInt8>
    ) -> String {
        var authorityCount = authority.count
        let defaultPort: StaticString? = equalsLowercased(scheme, "https") ? ":443" : equalsLowercased(scheme, "http") ? ":80" : nil
        if let defaultPort, authorityCount >= defaultPort.utf8CodeUnitCount,
           elementsEqual(authority[(authorityCount - defaultPort.utf8CodeUnitCount)...], defaultPort) {
            authorityCount -= defaultPort.utf8CodeUnitCount
        } else if authority.last == UInt8(ascii: ":") {
            authorityCount -= 1
        }
        let slash = path.first == UInt8(ascii: "/") ? 0 : 1
        let total = prefix.count + scheme.count + 3 + authorityCount + slash + path.count
        return String(unsafeUninitializedCapacity: total) { buffer in
            var end = 0
            for byte in prefix {
                buffer[end] = byte
                end += 1
            }
            for byte in scheme {
                buffer[end] = lowercase(byte)
                end += 1
            }
            buffer[end] = UInt8(ascii: ":")
            buffer[end + 1] = UInt8(ascii: "/")
            buffer[end + 2] = UInt8(ascii: "/")
            end += 3
            for byte in authority[..<authorityCount] {
                buffer[end] = lowercase(byte)
                end += 1
            }
            if slash == 1 {
                buffer[end] = UInt8(ascii: "/")
                end += 1
            }
            var index = 0
            while index < path.count {
                let byte = path[index]
                buffer[end] = byte
                end += 1
                index += 1
                if byte == UInt8(ascii: "%"), index + 1 < path.count {
                    buffer[end] = uppercaseHex(path[index])
                    buffer[end + 1] = uppercaseHex(path[index + 1])
                    end += 2
                    index += 2
                }
            }
            return end
        }
    }

    private static func lowercase(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    private static func uppercaseHex(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f") ? byte - 32 : byte
    }

    private static func equalsLowercased(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        bytes.count == word.utf8CodeUnitCount && elementsEqual(UnsafeBufferPointer(rebasing: bytes[...]).lazy.map(lowercase), word)
    }

    private static func elementsEqual(_ bytes: some Sequence<UInt8>, _ word: StaticString) -> Bool {
        word.withUTF8Buffer { bytes.elementsEqual($0) }
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

    /// The credentials hashed last and their identity. One entry, shared by every cache: the credential of a
    /// signed-in user is the same on every request.
    private static let lastIdentity = Locked<(credentials: Credentials, identity: String)?>(nil)

    /// The values of the fields that carry credentials, each field's values joined with NUL.
    private struct Credentials: Equatable {
        var authorization = ""
        var proxyAuthorization = ""
        var cookie = ""

        var isEmpty: Bool { authorization.isEmpty && proxyAuthorization.isEmpty && cookie.isEmpty }
        var hashed: String { [authorization, proxyAuthorization, cookie].joined(separator: "\n") }

        static func append(_ value: String, to part: inout String) {
            part = part.isEmpty ? value : part + "\u{0}" + value
        }
    }

    /// A digest of the request's credentials (`Authorization`, `Proxy-Authorization`, `Cookie`), or `nil`
    /// when it carries none. Responses are only ever served to requests with the same value: one user's
    /// response never reaches another.
    static func credentialIdentity(_ fields: HTTPFields) -> String? {
        // One pass over the fields; a field with one value is kept as the string the request carries.
        var credentials = Credentials()
        for field in fields {
            switch field.name {
            case .authorization: Credentials.append(field.value, to: &credentials.authorization)
            case .proxyAuthorization: Credentials.append(field.value, to: &credentials.proxyAuthorization)
            case .cookie: Credentials.append(field.value, to: &credentials.cookie)
            default: continue
            }
        }
        guard !credentials.isEmpty else { return nil }
        // NOTE: hashed once per credential, not per request: every hit behind `.authorizing` carries the same
        // token, and SHA-256 of it was the largest part of such a hit (Benchmarks/load, the cache hit).
        if let last = lastIdentity.withLock({ $0 }), last.credentials == credentials { return last.identity }
        let identity = SHA256.hex(of: credentials.hashed)
        lastIdentity.withLock { $0 = (credentials, identity) }
        return identity
    }

    /// The field names the `Vary` fields list, lowercased; `["*"]` when any is `*`.
    static func varyingNames(_ fields: HTTPFields) -> [String] {
        let names = fields[values: .vary].flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty }
        return names.contains("*") ? ["*"] : names
    }

    /// The request's values for `names`, by name, in ``VaryValues``' normalised form; absent fields are
    /// left out.
    static func values(of names: [String], in fields: HTTPFields) -> [String: String] {
        var values: [String: String] = [:]
        for name in names {
            guard let fieldName = HTTPField.Name(name) else { continue }
            let lines = fields[values: fieldName]
            if !lines.isEmpty { values[name] = VaryValues.normalized(lines, field: name) }
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

    private static func origin(of url: String) -> String? {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
              let host = components.host?.lowercased() else { return nil }
        let port = components.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
        return "\(scheme)://\(host):\(port)"
    }
}
