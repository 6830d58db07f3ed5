@testable import Courier
import Foundation

/// A time that moves only when the test says so.
final class ManualTime: Sendable {
    /// 2023-11-14 22:13:20 UTC.
    static let start = Date(timeIntervalSince1970: 1_700_000_000)
    private let current = Locked(ManualTime.start)

    var now: Date { current.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        current.withLock { $0 += seconds }
    }

    /// A jar in memory that reads this time.
    func jar() -> CookieJar {
        CookieJar(now: { self.now })
    }
}

extension CookieJar {
    /// Stores `fields` as if `url` had answered with them.
    func store(_ url: String, _ fields: String...) {
        storeCookies(from: fields, for: URL(string: url)!)
    }

    /// The `Cookie` header for `url`.
    func header(_ url: String) -> String? {
        cookieHeader(for: URL(string: url)!)
    }
}
