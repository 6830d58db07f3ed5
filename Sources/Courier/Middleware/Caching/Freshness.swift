import Foundation
import HTTPTypes

/// The age and freshness arithmetic of RFC 9111 §4.2.
enum Freshness {
    /// Statuses a cache may store without explicit freshness (RFC 9110 §15.1, "heuristically cacheable").
    static let heuristicallyCacheable: Set<Int> = [200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501]

    /// RFC 9111 §3: any final status may be stored when the response allows it explicitly — a freshness
    /// lifetime (`max-age`, `Expires`) or `public` / `private` (this cache is private) — and the
    /// heuristically cacheable statuses of RFC 9110 §15.1 without. A `206` (ranges are passed through) and
    /// a `304` (it updates a stored response) are never stored as such.
    static func mayStore(status: Int, explicit: Bool, control: CacheControl) -> Bool {
        guard status >= 200, status != 206, status != 304 else { return false }
        return heuristicallyCacheable.contains(status) || explicit || control.isPublic || control.isPrivate
    }

    /// The status codes whose caching rules this cache knows (RFC 9110 §15): a response with
    /// `must-understand` (RFC 9111 §5.2.2.3) is stored only with one of these. `304` updates a stored
    /// response and is never stored itself; `305` and `306` are obsolete.
    static let understood: Set<Int> = [
        200, 201, 202, 203, 204, 205, 206, 300, 301, 302, 303, 307, 308,
        400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410, 411, 412, 413, 414, 415, 416, 417, 421, 422, 426,
        500, 501, 502, 503, 504, 505,
    ]

    /// `corrected_initial_age` (§4.2.3): the larger of the age the `Date` field implies and the `Age`
    /// the server or a proxy gave plus the time the exchange took.
    static func initialAge(_ fields: HTTPFields, requestTime: Date, responseTime: Date) -> Double {
        let date = fields[.date].flatMap { HTTPDate.parse($0, now: responseTime) } ?? responseTime
        let apparentAge = max(0, responseTime.timeIntervalSince(date))
        let ageValue = age(fields)
        let responseDelay = max(0, responseTime.timeIntervalSince(requestTime))
        return max(apparentAge, ageValue + responseDelay)
    }

    /// `age_value` (§5.1): the first member of a list-valued `Age` (`Age: 7200, 0`, or two `Age` lines),
    /// 0 without one — and 0 for a value that is not a non-negative integer (`-7200`, `7200.0`, `abc`):
    /// RFC 9111 §5.1 says a cache SHOULD ignore an invalid `Age`, so such a response ages from its `Date`
    /// and the time the exchange took, like one that carried no `Age`.
    static func age(_ fields: HTTPFields) -> Double {
        let lines = fields[values: .age]
        guard let firstLine = lines.first else { return 0 }
        let first = firstLine.split(separator: ",", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return Double(CacheControl.deltaSeconds(first) ?? 0)
    }

    /// `freshness_lifetime` (§4.2.1): `max-age`, else `Expires` minus `Date` (an invalid `Expires` means
    /// already stale), else the configured heuristic, else 0. `s-maxage` is for shared caches only.
    static func lifetime(
        _ fields: HTTPFields,
        control: CacheControl,
        status: Int,
        responseTime: Date,
        heuristic: CacheConfiguration.HeuristicFreshness?
    ) -> Double {
        if let maxAge = control.maxAge { return Double(maxAge) }
        let date = fields[.date].flatMap { HTTPDate.parse($0, now: responseTime) } ?? responseTime
        // Two `Expires` lines arrive joined with ", ", which is no date: stale, as §4.2.1 allows.
        if let expires = fields[.expires] {
            guard let expiry = HTTPDate.parse(expires, now: responseTime) else { return 0 }
            return max(0, expiry.timeIntervalSince(date))
        }
        if let heuristic, heuristicallyCacheable.contains(status),
           let lastModified = fields[.lastModified].flatMap({ HTTPDate.parse($0, now: responseTime) }) {
            let (seconds, attoseconds) = heuristic.maximum.components
            let maximum = Double(seconds) + Double(attoseconds) / 1e18
            return min(maximum, max(0, date.timeIntervalSince(lastModified) * heuristic.fraction))
        }
        return 0
    }
}

/// A `Clock` read as wall-clock dates, which HTTP's `Date` and `Expires` are compared with: the date
/// when the layer was made, advanced by the clock since then. With a test clock, time moves only when
/// the test advances it.
///
/// NOTE: not generic over the clock: a layer generic over it (the cache) ran unspecialised for every
/// caller outside the module, each field read through the type's metadata (Benchmarks/load, the cache hit).
struct ClockDates: Sendable {
    /// The clock's time since the layer was made.
    private let elapsed: @Sendable () -> Duration
    private let originDate: Date

    init<C: Clock<Duration>>(_ clock: C) {
        let origin = clock.now
        elapsed = { origin.duration(to: clock.now) }
        originDate = Date()
    }

    func now() -> Date {
        let (seconds, attoseconds) = elapsed().components
        return originDate.addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
    }
}
