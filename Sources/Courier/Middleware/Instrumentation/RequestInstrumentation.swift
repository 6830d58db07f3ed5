import Foundation
import HTTPTypes

/// Where the time of one request went: in total, and inside each layer marked with
/// ``Client/measured(as:)``.
///
/// ```text
/// #3 GET https://api.example.com/articles: 212.4 ms until the response head
///   auth       212.4 ms (own 0.1 ms)
///   retry      212.3 ms (own 200.0 ms)
///   transport   12.3 ms (own 12.3 ms, 2 times)
/// ```
public struct RequestInstrumentation: Sendable, CustomStringConvertible {
    /// The time spent in one measured layer, summed over the times the request went through it (a
    /// layer below a retry is entered once per attempt).
    public struct Segment: Sendable, Equatable {
        /// The name given to ``Client/measured(as:)``.
        public var name: String
        /// From entering the layer to its answer, including every layer below it.
        public var elapsed: Duration
        /// ``elapsed`` minus the time spent in the measured layers directly below: what this layer
        /// itself cost (waiting for a token, a throttle slot, a backoff), when everything below it is
        /// measured too.
        public var ownTime: Duration
        /// How many times the request went through the layer.
        public var count: Int

        /// Creates a segment; for tests of a report's consumer.
        public init(name: String, elapsed: Duration, ownTime: Duration, count: Int) {
            self.name = name
            self.elapsed = elapsed
            self.ownTime = ownTime
            self.count = count
        }
    }

    /// The request as it was sent (after every layer), or as far as it was built when it failed;
    /// `request.options.number` is its number when it was numbered.
    public var request: ClientRequest
    /// From the instrumenting layer receiving the request until the response head came back (or the
    /// error was thrown). The body is not included: it is read at the caller's pace.
    public var total: Duration
    /// The measured layers, outermost first.
    public var segments: [Segment]
    /// The status of the response, when one came back.
    public var status: HTTPResponse.Status?
    /// What went wrong, when the request failed.
    public var failure: NetworkError.Kind?
    /// The phases of the exchange, as the transport saw them (``ClientResponse/timings``), when a response
    /// came back from one; read again later (``ClientResponse/instrumentation``), it includes the body's end.
    public var exchange: ExchangeTimings?

    /// Creates a report; for tests of a report's consumer.
    public init(
        request: ClientRequest, total: Duration, segments: [Segment], status: HTTPResponse.Status? = nil, failure: NetworkError.Kind? = nil
    ) {
        self.request = request
        self.total = total
        self.segments = segments
        self.status = status
        self.failure = failure
    }

    /// The segment called `name`, if the request went through it.
    public func segment(_ name: String) -> Segment? {
        segments.first { $0.name == name }
    }

    /// A few lines: the request and its total, then each segment.
    public var description: String {
        var lines = ["\(request.requestLine): \(Self.format(total)) until the response head"]
        let width = segments.map(\.name.count).max() ?? 0
        for segment in segments {
            let name = segment.name.padding(toLength: width, withPad: " ", startingAt: 0)
            let times = segment.count > 1 ? ", \(segment.count) times" : ""
            lines.append("  \(name) \(Self.format(segment.elapsed)) (own \(Self.format(segment.ownTime))\(times))")
        }
        if let exchange {
            lines.append("  exchange: \(exchange)")
        }
        return lines.joined(separator: "\n")
    }

    private static func format(_ duration: Duration) -> String {
        "\(duration.milliseconds) ms"
    }
}
