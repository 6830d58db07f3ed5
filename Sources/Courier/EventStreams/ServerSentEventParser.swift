import Foundation

/// An incremental parser of `text/event-stream` bytes, exactly as the WHATWG HTML standard's "event
/// stream interpretation" reads them: feed it the body's chunks as they arrive, split anywhere, and it
/// returns the events each chunk completes.
///
/// ```swift
/// var parser = ServerSentEventParser()
/// let events = try parser.parse(Data("data: hello\n\n".utf8))
/// // [ServerSentEvent(event: "message", data: "hello")]
/// ```
///
/// What it follows:
/// - a UTF-8 byte order mark at the very start is dropped, once; bytes that are not UTF-8 become U+FFFD;
/// - a line ends at CR LF, LF or CR — also when a CR ends one chunk and its LF starts the next;
/// - a line starting with `:` is a comment; a line without `:` is a field with an empty value; one
///   space after the colon is dropped;
/// - `data:` lines join with LF; an empty line dispatches the event, unless no `data:` line came, which
///   only clears the event type; the event type (`event:`) is reset after every dispatch;
/// - `id:` sets the last event ID, which persists across events, unless its value holds a NUL;
/// - `retry:` sets ``reconnectionTime`` in milliseconds when its value is ASCII digits only;
/// - at the end of the stream an event not ended by an empty line is discarded (``finish()``).
///
/// Memory is bounded by its ``Limits``: an endless line or an endless event throws
/// ``NetworkError/Kind/bodyTooLarge`` instead of growing.
public struct ServerSentEventParser: Sendable {
    /// The limits this parser enforces.
    public let limits: Limits
    /// The last event ID: the latest `id:` value of an event that was dispatched (a blank line ended it),
    /// empty while there is none. A stream sends it as `Last-Event-ID` when it reconnects.
    public private(set) var lastEventID: String
    /// The `id:` of the event being read: it becomes ``lastEventID`` only when that event is dispatched, so
    /// an event cut short by a dropped connection is asked for again (WHATWG's "last event ID buffer").
    private var lastEventIDBuffer: String
    /// The reconnection time the latest valid `retry:` field set, if any.
    public private(set) var reconnectionTime: Duration?

    /// The bytes of the line being read (only when it spans chunks).
    private var line: [UInt8] = []
    /// Whether the last byte read was a CR, so that an LF right after it ends no second line.
    private var afterCR = false
    /// The bytes of a byte order mark read so far, until the first three bytes decide whether there is one.
    private var bomPrefix: [UInt8] = []
    private var bomDecided = false
    /// The event being gathered.
    private var data: [UInt8] = []
    private var eventType: [UInt8] = []
    private var retryOfEvent: Duration?

    /// A parser for a new stream.
    ///
    /// - Parameters:
    ///   - limits: the longest line and the largest event accepted.
    ///   - lastEventID: the last event ID to start from, as a reconnection carries it over.
    ///   - reconnectionTime: the reconnection time to start from.
    public init(limits: Limits = Limits(), lastEventID: String = "", reconnectionTime: Duration? = nil) {
        self.limits = limits
        self.lastEventID = lastEventID
        lastEventIDBuffer = lastEventID
        self.reconnectionTime = reconnectionTime
    }

    /// The bytes held for what is not yet a whole line or event: never more than the two limits and the
    /// three bytes of a byte order mark together.
    package var bufferedByteCount: Int {
        line.count + data.count + eventType.count + bomPrefix.count
    }

    /// Reads the next bytes of the stream and returns the events they complete, in order.
    ///
    /// - Throws: ``NetworkError`` of kind ``NetworkError/Kind/bodyTooLarge`` when a line or an event
    ///   passes its limit; the parser must not be used after that.
    public mutating func parse(_ bytes: some DataProtocol) throws(NetworkError) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for region in bytes.regions {
            // NOTE: `withUnsafeBytes` rethrows untyped errors; a `Result` carries the typed one out.
            let outcome = region.withUnsafeBytes { buffer in
                Result { () throws(NetworkError) in try parse(buffer, into: &events) }
            }
            try outcome.get()
        }
        return events
    }

    /// The end of the stream: what is not yet a whole event is discarded, as the standard says, and the
    /// parser is ready for a new stream (a reconnection) with the same last event ID and reconnection time.
    public mutating func finish() {
        line.removeAll()
        afterCR = false
        bomPrefix.removeAll()
        bomDecided = false
        data.removeAll()
        eventType.removeAll()
        retryOfEvent = nil
        lastEventIDBuffer = lastEventID
    }

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    private static let lf = UInt8(ascii: "\n")
    private static let cr = UInt8(ascii: "\r")

    private mutating func parse(_ buffer: UnsafeRawBufferPointer, into events: inout [ServerSentEvent]) throws(NetworkError) {
        var start = 0
        let end = buffer.count
        if !bomDecided {
            // NOTE: the mark may arrive split over chunks; its bytes wait here until it is whole or refuted.
            while start < end, bomPrefix.count < 3, buffer[start] == Self.byteOrderMark[bomPrefix.count] {
                bomPrefix.append(buffer[start])
                start += 1
            }
            if bomPrefix.count == 3 {
                bomDecided = true
                bomPrefix.removeAll()
            } else if start < end {
                // Not a mark: its first bytes (no CR or LF among them) begin the first line.
                bomDecided = true
                line.append(contentsOf: bomPrefix)
                bomPrefix.removeAll()
            } else {
                return
            }
        }
        while start < end {
            if afterCR {
                afterCR = false
                if buffer[start] == Self.lf {
                    start += 1
                    continue
                }
            }
            var stop = start
            while stop < end, buffer[stop] != Self.lf, buffer[stop] != Self.cr {
                stop += 1
            }
            guard line.count + (stop - start) <= limits.maxLineLength else {
                throw NetworkError(
                    .bodyTooLarge,
                    message: "an event-stream line passed the limit of \(limits.maxLineLength) bytes (ServerSentEventParser.Limits.maxLineLength); the stream was stopped."
                )
            }
            guard stop < end else {
                line.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[start..<stop]))
                return
            }
            afterCR = buffer[stop] == Self.cr
            if line.isEmpty {
                // The common case, a whole line inside one chunk: read in place, no copy.
                try process(UnsafeRawBufferPointer(rebasing: buffer[start..<stop]), into: &events)
            } else {
                line.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[start..<stop]))
                let whole = line
                line.removeAll(keepingCapacity: line.capacity <= 64 * 1024)
                let outcome = whole.withUnsafeBytes { bytes in
                    Result { () throws(NetworkError) in try process(bytes, into: &events) }
                }
                try outcome.get()
            }
            start = stop + 1
        }
    }

    /// One whole line, its line ending removed.
    private mutating func process(_ line: UnsafeRawBufferPointer, into events: inout [ServerSentEvent]) throws(NetworkError) {
        guard let first = line.first else {
            dispatch(into: &events)
            return
        }
        if first == UInt8(ascii: ":") { return }
        let name: UnsafeRawBufferPointer
        var value: UnsafeRawBufferPointer
        if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            name = UnsafeRawBufferPointer(rebasing: line[..<colon])
            value = UnsafeRawBufferPointer(rebasing: line[(colon + 1)...])
            if value.first == UInt8(ascii: " ") {
                value = UnsafeRawBufferPointer(rebasing: value[1...])
            }
        } else {
            name = line
            value = UnsafeRawBufferPointer(start: nil, count: 0)
        }
        switch Field(name) {
        case .data:
            guard data.count + value.count + 1 <= limits.maxEventSize else {
                throw NetworkError(
                    .bodyTooLarge,
                    message: "an event's data passed the limit of \(limits.maxEventSize) bytes (ServerSentEventParser.Limits.maxEventSize); the stream was stopped."
                )
            }
            data.append(contentsOf: value)
            data.append(Self.lf)
        case .event:
            eventType.removeAll(keepingCapacity: true)
            eventType.append(contentsOf: value)
        case .id:
            if !value.contains(0) {
                lastEventIDBuffer = String(decoding: value, as: UTF8.self)
            }
        case .retry:
            if let milliseconds = Self.milliseconds(value) {
                reconnectionTime = .milliseconds(milliseconds)
                retryOfEvent = reconnectionTime
            }
        case nil:
            break
        }
    }

    /// The standard's "dispatch the event".
    private mutating func dispatch(into events: inout [ServerSentEvent]) {
        defer {
            data.removeAll(keepingCapacity: data.capacity <= 64 * 1024)
            eventType.removeAll(keepingCapacity: true)
            retryOfEvent = nil
        }
        // The standard sets the last event ID at every dispatch, an event with no data included.
        lastEventID = lastEventIDBuffer
        guard !data.isEmpty else { return }
        // Every `data:` line added a line feed; the last one is not part of the data.
        data.removeLast()
        events.append(
            ServerSentEvent(
                id: lastEventID.isEmpty ? nil : lastEventID,
                event: eventType.isEmpty ? "message" : String(decoding: eventType, as: UTF8.self),
                data: String(decoding: data, as: UTF8.self),
                retry: retryOfEvent
            )
        )
    }

    /// The value of a `retry:` field when it is ASCII digits only (and fits in 64 bits: a larger one
    /// is ignored, as no reconnection waits that long anyway).
    private static func milliseconds(_ value: UnsafeRawBufferPointer) -> Int64? {
        guard !value.isEmpty else { return nil }
        var result: Int64 = 0
        for byte in value {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let (times10, overflow1) = result.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { return nil }
            result = sum
        }
        return result
    }

    /// The fields the standard gives a meaning to; field names are compared byte for byte.
    private enum Field {
        case data, event, id, retry

        init?(_ name: UnsafeRawBufferPointer) {
            switch name.count {
            case 2 where name.elementsEqual("id".utf8): self = .id
            case 4 where name.elementsEqual("data".utf8): self = .data
            case 5 where name.elementsEqual("event".utf8): self = .event
            case 5 where name.elementsEqual("retry".utf8): self = .retry
            default: return nil
            }
        }
    }
}
