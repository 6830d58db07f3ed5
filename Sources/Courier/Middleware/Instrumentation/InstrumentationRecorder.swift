import HTTPTypes

/// The time line of one request: made by the instrumenting layer, carried in the request's options,
/// and written to by every measured layer the request passes through.
final class InstrumentationRecorder: Sendable {
    private struct Entry {
        var name: String
        /// The measured layer this one was entered from, if any.
        var parent: Int?
        var start: Duration
        var end: Duration?
    }

    private struct State {
        var entries: [Entry] = []
        var total: Duration?
        var status: HTTPResponse.Status?
        var failure: NetworkError.Kind?
        /// The request as it was sent, once known.
        var sent: ClientRequest?
        /// Where the transport recorded the exchange's phases, once a response came back.
        var timeline: ExchangeTimeline?
    }

    private let request: ClientRequest
    /// The time since the instrumenting layer received the request, on its clock.
    private let elapsed: @Sendable () -> Duration
    private let state = Locked(State())

    init<C: Clock<Duration>>(request: ClientRequest, clock: C) {
        self.request = request
        let start = clock.now
        elapsed = { start.duration(to: clock.now) }
    }

    /// Starts a segment and returns its identifier, for ``leave(_:)`` and for the segments below it.
    func enter(_ name: String, parent: Int?) -> Int {
        let now = elapsed()
        return state.withLock { state in
            state.entries.append(Entry(name: name, parent: parent, start: now))
            return state.entries.count - 1
        }
    }

    func leave(_ segment: Int) {
        let now = elapsed()
        state.withLock { $0.entries[segment].end = now }
    }

    /// Ends the whole request, with the request as it was finally sent when it is known.
    func finish(sent: ClientRequest?, status: HTTPResponse.Status?, failure: NetworkError.Kind?, timeline: ExchangeTimeline? = nil) {
        let now = elapsed()
        state.withLock { state in
            state.total = now
            state.status = status
            state.failure = failure
            state.sent = sent
            state.timeline = timeline
        }
    }

    /// The report so far; segments still open count until now.
    var report: RequestInstrumentation {
        let now = elapsed()
        let state = state.withLock { $0 }
        let inclusive = state.entries.map { ($0.end ?? now) - $0.start }
        var below = [Duration](repeating: .zero, count: state.entries.count)
        for (index, entry) in state.entries.enumerated() {
            if let parent = entry.parent { below[parent] += inclusive[index] }
        }
        var segments: [RequestInstrumentation.Segment] = []
        var position: [String: Int] = [:]
        for (index, entry) in state.entries.enumerated() {
            // Attempts that overlap (hedging) can make the layers below add up to more than this one.
            let own = max(.zero, inclusive[index] - below[index])
            if let existing = position[entry.name] {
                segments[existing].elapsed += inclusive[index]
                segments[existing].ownTime += own
                segments[existing].count += 1
            } else {
                position[entry.name] = segments.count
                segments.append(.init(name: entry.name, elapsed: inclusive[index], ownTime: own, count: 1))
            }
        }
        var report = RequestInstrumentation(
            request: state.sent ?? request, total: state.total ?? now, segments: segments, status: state.status, failure: state.failure
        )
        report.exchange = state.timeline?.snapshot
        return report
    }
}

enum InstrumentationRecorderOptionKey: RequestOptionKey {
    static let defaultValue: InstrumentationRecorder? = nil
}

enum MeasuredSegmentOptionKey: RequestOptionKey {
    static let defaultValue: Int? = nil
}

extension RequestOptions {
    /// The time line of an instrumented request.
    var instrumentationRecorder: InstrumentationRecorder? {
        get { self[InstrumentationRecorderOptionKey.self] }
        set { self[InstrumentationRecorderOptionKey.self] = newValue }
    }

    /// The measured layer the request is currently inside.
    var measuredSegment: Int? {
        get { self[MeasuredSegmentOptionKey.self] }
        set { self[MeasuredSegmentOptionKey.self] = newValue }
    }
}
