import Foundation
import HTTPTypes

/// A thread-safe cookie store that follows RFC 6265 §5: it keeps what `Set-Cookie` fields say and
/// gives back the cookies a request may carry.
///
/// Use it through ``Client/storingCookies(in:)``; read it, fill it or empty it directly when you need
/// to. Cookies live in memory; a jar made with ``init(persistingTo:clock:)`` also keeps its persistent
/// cookies (those with `Expires` or `Max-Age`) in a JSON file, rewritten atomically after every change.
///
/// ```swift
/// let jar = CookieJar()
/// jar.storeCookies(from: ["session=abc; Path=/; Secure; HttpOnly"], for: URL(string: "https://example.com/login")!)
/// jar.cookieHeader(for: URL(string: "https://example.com/account")!)   // "session=abc"
/// ```
///
/// Time comes from `clock` (a `ContinuousClock` by default): a cookie expires when the clock says so, so
/// tests move a test clock instead of waiting. See <doc:Cookies> for the rules the jar applies.
public final class CookieJar: Sendable {
    private struct State: Sendable {
        var storage = CookieStorage()
        /// Counts changes, so that the file ends with the newest of two writes made at once.
        var version: UInt64 = 0
    }

    private let state: Locked<State>
    private let now: @Sendable () -> Date
    private let file: CookieJarFile?

    /// An empty jar in memory.
    ///
    /// - Parameter clock: the time that expires cookies; a test clock in tests.
    public convenience init(clock: some Clock<Duration> = ContinuousClock()) {
        let dates = ClockDates(clock)
        self.init(now: { dates.now() }, file: nil, cookies: [])
    }

    /// A jar that keeps its persistent cookies in the JSON file at `fileURL`: it starts with the cookies
    /// of that file when it exists, and writes the file again after every change to a persistent cookie.
    ///
    /// Session cookies (no `Expires` or `Max-Age`) are never written. A failed write leaves the cookies
    /// in memory and is tried again at the next change; call ``save()`` to learn of the failure.
    ///
    /// - Throws: the error of reading or decoding an existing file that is not a cookie file.
    public convenience init(persistingTo fileURL: URL, clock: some Clock<Duration> = ContinuousClock()) throws {
        let dates = ClockDates(clock)
        try self.init(persistingTo: fileURL, now: { dates.now() })
    }

    /// A persisting jar that reads the time from `now`.
    convenience init(persistingTo fileURL: URL, now: @escaping @Sendable () -> Date) throws {
        let file = CookieJarFile(url: fileURL)
        self.init(now: now, file: file, cookies: try file.load())
    }

    /// A jar that reads the time from `now`, starting with `cookies` (expired and session ones dropped).
    init(now: @escaping @Sendable () -> Date, file: CookieJarFile? = nil, cookies: [Cookie] = []) {
        var storage = CookieStorage()
        let start = now()
        for cookie in cookies where cookie.isPersistent && !cookie.hasExpired(at: start) {
            storage.insert(cookie)
        }
        state = Locked(State(storage: storage))
        self.now = now
        self.file = file
    }

    /// The cookies a request to `url` would carry now, in the order of its `Cookie` header: longer paths
    /// first, then the earlier created. `Secure` cookies only for https; none for a URL without a host.
    public func cookies(for url: URL) -> [Cookie] {
        guard let target = CookieURL(url) else { return [] }
        let now = self.now()
        return state.withLock { $0.storage.cookies(for: target, at: now) }
    }

    /// The `Cookie` header a request to `url` would carry now (`a=1; b=2`), or `nil` when it has none.
    public func cookieHeader(for url: URL) -> String? {
        let cookies = cookies(for: url)
        guard !cookies.isEmpty else { return nil }
        return cookies.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }

    /// Every cookie in the jar that has not expired, in the order they were first stored.
    public func allCookies() -> [Cookie] {
        let now = self.now()
        return state.withLock { $0.storage.all }.filter { !$0.hasExpired(at: now) }
    }

    /// Stores the cookies of `Set-Cookie` field values received from `url`, as RFC 6265 §5.3 says:
    /// fields that are malformed or that `url` may not set are ignored, and one with an expiry in the
    /// past deletes the cookie it names.
    public func storeCookies(from setCookieFields: [String], for url: URL) {
        guard let target = CookieURL(url), !setCookieFields.isEmpty else { return }
        let fields = setCookieFields.compactMap { SetCookie($0) }
        let now = self.now()
        let snapshot: (cookies: [Cookie], version: UInt64)? = state.withLock { state in
            var changed = state.storage.removeExpired(at: now)
            for field in fields {
                changed = state.storage.store(field, from: target, at: now) || changed
            }
            return changed ? self.snapshot(&state) : nil
        }
        persist(snapshot)
    }

    /// Stores the cookies of every `Set-Cookie` field of a response received from `url`.
    ///
    /// A value that a transport joined from several fields with commas (URLSession keeps one value per
    /// header name) is split again where a comma is followed by `name=`; a comma inside an `Expires`
    /// date is not a boundary.
    public func storeCookies(from headerFields: HTTPFields, for url: URL) {
        storeCookies(from: headerFields[values: .setCookie].flatMap(SetCookie.splittingJoined), for: url)
    }

    /// Removes every cookie (and, for a persisting jar, empties its file).
    public func removeAll() {
        persist(state.withLock { state in
            state.storage.removeAll()
            return self.snapshot(&state)
        })
    }

    /// Writes the persistent cookies to the jar's file now; nothing for a jar in memory.
    ///
    /// - Throws: the error of writing the file.
    public func save() throws {
        guard let file, let snapshot = state.withLock({ self.snapshot(&$0) }) else { return }
        try file.write(snapshot.cookies, version: snapshot.version)
    }

    /// For a persisting jar, the persistent cookies and a new version number, taken together under the
    /// lock; `nil` for a jar in memory.
    private func snapshot(_ state: inout State) -> (cookies: [Cookie], version: UInt64)? {
        guard file != nil else { return nil }
        state.version += 1
        return (state.storage.all.filter(\.isPersistent), state.version)
    }

    /// Writes a snapshot, outside the jar's lock; a failure waits for the next change (or ``save()``).
    private func persist(_ snapshot: (cookies: [Cookie], version: UInt64)?) {
        guard let file, let snapshot else { return }
        try? file.write(snapshot.cookies, version: snapshot.version)
    }
}
