import Foundation

/// RFC 6265 §5.3 steps 1–10: the cookie a parsed `Set-Cookie` makes for the URL that set it, or `nil`
/// when the field must be ignored. Each early return says why.
enum CookieAcceptance {
    static func cookie(from field: SetCookie, url: CookieURL, now: Date) -> Cookie? {
        var domain = field.domain ?? ""
        // RFC 6265bis §5.7: a Domain that is not ASCII would need IDNA; Courier refuses it instead.
        guard domain.allSatisfy(\.isASCII) else { return nil }
        // A domain cookie for a public suffix would reach every site registered under it: it is refused,
        // unless the suffix is the host itself (a site on `github.io`'s own host), then it is host-only.
        if !domain.isEmpty, PublicSuffixList.isPublicSuffix(domain) {
            guard domain == url.host else { return nil }
            domain = ""
        }
        // An address has no subdomains: a Domain naming the host itself gives a host-only cookie, and
        // any other Domain fails to domain-match below.
        if url.isIPAddress, domain == url.host { domain = "" }
        let isHostOnly = domain.isEmpty
        if isHostOnly {
            domain = url.host
        } else if !CookieURL.domainMatches(url.host, domain) {
            // A server may only set cookies for its own host and the domains above it.
            return nil
        }
        // RFC 6265bis §5.7: only a secure origin may set a Secure cookie, or an http response could
        // plant one that https requests then trust.
        if field.isSecure, !url.isSecure { return nil }
        // RFC 6265bis §4.1.3: the `__Secure-` and `__Host-` name prefixes promise how the cookie was set.
        let lowercasedName = field.name.lowercased()
        if lowercasedName.hasPrefix("__secure-"), !field.isSecure { return nil }
        if lowercasedName.hasPrefix("__host-"), !field.isSecure || !isHostOnly || field.path != "/" { return nil }
        return Cookie(
            name: field.name,
            value: field.value,
            domain: domain,
            path: field.path ?? url.defaultPath,
            expiresAt: expiry(of: field, now: now),
            isSecure: field.isSecure,
            isHTTPOnly: field.isHTTPOnly,
            isHostOnly: isHostOnly,
            sameSite: field.sameSite,
            createdAt: now
        )
    }

    /// §5.3 step 3: `Max-Age` wins over `Expires`; a `Max-Age` of zero or less is already past;
    /// neither makes a session cookie (`nil`).
    static func expiry(of field: SetCookie, now: Date) -> Date? {
        if let maxAge = field.maxAge {
            guard maxAge > 0 else { return .distantPast }
            let latest = Date.distantFuture.timeIntervalSince(now)
            return now.addingTimeInterval(min(TimeInterval(maxAge), latest))
        }
        return field.expires
    }

    /// RFC 6265bis §5.7 ("leave secure cookies alone"): an insecure response may not set a cookie that
    /// would shadow or replace a `Secure` cookie of the same name on an overlapping domain and path.
    static func overwritesSecureCookie(_ cookie: Cookie, from url: CookieURL, in stored: some Sequence<Cookie>) -> Bool {
        guard !url.isSecure else { return false }
        return stored.contains { existing in
            existing.isSecure && existing.name == cookie.name
                && (CookieURL.domainMatches(existing.domain, cookie.domain) || CookieURL.domainMatches(cookie.domain, existing.domain))
                && CookieURL.pathMatches(cookie.path, existing.path)
        }
    }
}
