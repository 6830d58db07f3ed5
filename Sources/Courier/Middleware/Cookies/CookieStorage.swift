import Foundation

/// The cookie store of RFC 6265 §5.3 (storing) and §5.4 (choosing what to send), as a value: the jar
/// around it adds the lock, the clock and the file. Every method takes the time, so none reads a clock.
struct CookieStorage: Sendable {
    /// A cookie and its place in the order of insertion, which breaks ties of path length and
    /// creation time (two cookies of one response can be created at the same instant).
    struct Entry: Sendable {
        var cookie: Cookie
        var sequence: UInt64
    }

    /// RFC 6265 §6.1 asks for at least 50 cookies a domain and 3000 in all; more are evicted, oldest first,
    /// so that a server cannot grow the jar without bound.
    static let maxCookiesPerDomain = 50
    static let maxCookies = 3000

    /// By ``Cookie/domain``, so that a request looks only at its host and the host's parent domains.
    private var entries: [String: [Entry]] = [:]
    private var nextSequence: UInt64 = 0
    private(set) var count = 0

    /// Every cookie, in the order it was first stored.
    var all: [Cookie] {
        entries.values.joined().sorted { $0.sequence < $1.sequence }.map(\.cookie)
    }

    /// Stores what `field` says, received from `url` at `now`, by §5.3 (with RFC 6265bis's rules for
    /// `Secure`); returns whether a persistent cookie was added, changed or removed.
    @discardableResult
    mutating func store(_ field: SetCookie, from url: CookieURL, at now: Date) -> Bool {
        guard let cookie = CookieAcceptance.cookie(from: field, url: url, now: now),
              !CookieAcceptance.overwritesSecureCookie(cookie, from: url, in: entries.values.joined().lazy.map(\.cookie))
        else { return false }
        var list = entries[cookie.domain] ?? []
        let existing = list.firstIndex {
            $0.cookie.name == cookie.name && $0.cookie.path == cookie.path && $0.cookie.isHostOnly == cookie.isHostOnly
        }
        if let existing {
            let old = list[existing].cookie
            // An expiry in the past is how a server deletes a cookie: the old one goes, nothing replaces it.
            if cookie.hasExpired(at: now) {
                list.remove(at: existing)
                count -= 1
            } else {
                var replacement = cookie
                replacement.createdAt = old.createdAt
                list[existing].cookie = replacement
            }
            entries[cookie.domain] = list.isEmpty ? nil : list
            return old.isPersistent || cookie.isPersistent
        }
        guard !cookie.hasExpired(at: now) else { return false }
        insert(cookie)
        evictBeyondLimits(of: cookie.domain, at: now)
        return cookie.isPersistent
    }

    /// Adds `cookie` as the newest, without the checks of ``store(_:from:at:)``: for cookies read back
    /// from the jar's own file.
    mutating func insert(_ cookie: Cookie) {
        entries[cookie.domain, default: []].append(Entry(cookie: cookie, sequence: nextSequence))
        nextSequence += 1
        count += 1
    }

    /// §5.4: the cookies a request to `url` carries at `now`, longest path first, then oldest first.
    func cookies(for url: CookieURL, at now: Date) -> [Cookie] {
        var found: [Entry] = []
        for domain in url.domainsToMatch {
            for entry in entries[domain] ?? [] {
                let cookie = entry.cookie
                // A host-only cookie goes to its host alone; a domain cookie to its subdomains too.
                guard !cookie.isHostOnly || domain == url.host,
                      CookieURL.pathMatches(url.path, cookie.path),
                      !cookie.isSecure || url.isSecure,
                      !cookie.hasExpired(at: now)
                else { continue }
                found.append(entry)
            }
        }
        found.sort { first, second in
            let (a, b) = (first.cookie, second.cookie)
            if a.path.utf8.count != b.path.utf8.count { return a.path.utf8.count > b.path.utf8.count }
            if a.createdAt != b.createdAt { return a.createdAt < b.createdAt }
            return first.sequence < second.sequence
        }
        return found.map(\.cookie)
    }

    /// Removes the cookies that have expired at `now`; returns whether any was removed.
    @discardableResult
    mutating func removeExpired(at now: Date) -> Bool {
        let before = count
        for (domain, list) in entries {
            let kept = list.filter { !$0.cookie.hasExpired(at: now) }
            if kept.count != list.count {
                entries[domain] = kept.isEmpty ? nil : kept
                count -= list.count - kept.count
            }
        }
        return count != before
    }

    /// Removes every cookie.
    mutating func removeAll() {
        entries = [:]
        count = 0
    }

    /// Expired cookies first; then, past a limit, the oldest of the domain, then the oldest of all.
    private mutating func evictBeyondLimits(of domain: String, at now: Date) {
        guard (entries[domain]?.count ?? 0) > Self.maxCookiesPerDomain || count > Self.maxCookies else { return }
        removeExpired(at: now)
        while let list = entries[domain], list.count > Self.maxCookiesPerDomain {
            remove(oldestOf: list)
        }
        while count > Self.maxCookies, let oldest = entries.values.compactMap({ Self.oldest(of: $0) }).min(by: Self.isOlder) {
            remove(oldestOf: [oldest])
        }
    }

    private mutating func remove(oldestOf list: [Entry]) {
        guard let oldest = Self.oldest(of: list) else { return }
        let domain = oldest.cookie.domain
        entries[domain]?.removeAll { $0.sequence == oldest.sequence }
        if entries[domain]?.isEmpty == true { entries[domain] = nil }
        count -= 1
    }

    private static func oldest(of list: [Entry]) -> Entry? {
        list.min(by: isOlder)
    }

    private static func isOlder(_ first: Entry, _ second: Entry) -> Bool {
        (first.cookie.createdAt, first.sequence) < (second.cookie.createdAt, second.sequence)
    }
}
