@testable import Courier
import Foundation
import HTTPTypes
import Testing

@Suite("Freshness arithmetic (RFC 9111 §4.2)")
struct FreshnessTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("initial age: the larger of Date's apparent age and Age plus the exchange's delay")
    func initialAge() {
        let dated: HTTPFields = [.date: HTTPDate.format(now.addingTimeInterval(-30))]
        #expect(Freshness.initialAge(dated, requestTime: now.addingTimeInterval(-1), responseTime: now) == 30)
        let aged: HTTPFields = [.date: HTTPDate.format(now), .age: "100"]
        #expect(Freshness.initialAge(aged, requestTime: now.addingTimeInterval(-2), responseTime: now) == 102)
        // A Date in the future (a fast server clock) is no negative age.
        let future: HTTPFields = [.date: HTTPDate.format(now.addingTimeInterval(60))]
        #expect(Freshness.initialAge(future, requestTime: now, responseTime: now) == 0)
    }

    @Test("lifetime: max-age wins over Expires; Expires is counted from Date; an invalid Expires is stale")
    func lifetime() {
        let date = HTTPDate.format(now)
        let expires = HTTPDate.format(now.addingTimeInterval(300))
        func lifetime(_ fields: HTTPFields, heuristic: CacheConfiguration.HeuristicFreshness? = nil) -> Double {
            Freshness.lifetime(fields, control: CacheControl(fields), status: 200, responseTime: now, heuristic: heuristic)
        }
        #expect(lifetime([.cacheControl: "max-age=60", .expires: expires, .date: date]) == 60)
        #expect(lifetime([.expires: expires, .date: date]) == 300)
        #expect(lifetime([.expires: "0", .date: date]) == 0)
        #expect(lifetime([.cacheControl: "s-maxage=600"]) == 0)
        let modified: HTTPFields = [.date: date, .lastModified: HTTPDate.format(now.addingTimeInterval(-10_000))]
        #expect(lifetime(modified) == 0)
        #expect(lifetime(modified, heuristic: .init()) == 1_000)
        #expect(lifetime(modified, heuristic: .init(fraction: 0.1, maximum: .seconds(500))) == 500)
    }
}
