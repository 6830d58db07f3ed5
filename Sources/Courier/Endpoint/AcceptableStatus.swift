import HTTPTypes

/// The response statuses an ``Endpoint`` treats as success.
///
/// ```swift
/// Endpoint<Void>(method: .delete, path: "/session", accepting: .successful.union(.only(404)))
/// ```
public struct AcceptableStatus: Sendable, Hashable {
    private var ranges: [ClosedRange<Int>]

    private init(ranges: [ClosedRange<Int>]) {
        self.ranges = ranges
    }

    /// Every 2xx status: the default.
    public static let successful = AcceptableStatus(ranges: [200...299])

    /// Exactly the given codes.
    public static func only(_ codes: Int...) -> AcceptableStatus {
        AcceptableStatus(ranges: codes.map { $0...$0 })
    }

    /// Every code in `range`.
    public static func range(_ range: ClosedRange<Int>) -> AcceptableStatus {
        AcceptableStatus(ranges: [range])
    }

    /// Any status at all: the endpoint's decoder decides.
    public static let any = AcceptableStatus(ranges: [100...999])

    /// The statuses accepted by either value.
    public func union(_ other: AcceptableStatus) -> AcceptableStatus {
        AcceptableStatus(ranges: ranges + other.ranges)
    }

    /// Whether `status` is accepted.
    public func contains(_ status: HTTPResponse.Status) -> Bool {
        ranges.contains { $0.contains(status.code) }
    }
}
