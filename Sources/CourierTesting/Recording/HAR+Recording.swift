import Courier
import Foundation
import HTTPTypes

extension HAR.Response {
    /// The response head and its collected body as a HAR record, redacted with `redactor`.
    init(recording head: HTTPResponse, body: Data, redactor: Redactor) {
        let text = HARBodyText(body, redactor: redactor)
        self.init(
            status: head.status.code,
            statusText: head.status.reasonPhrase.isEmpty ? StatusText.phrase(for: head.status.code) : head.status.reasonPhrase,
            httpVersion: HAR.httpVersion,
            cookies: head.headerFields.harResponseCookies(redactor: redactor),
            headers: head.headerFields.harHeaders(redactor: redactor),
            content: HAR.Content(
                size: body.count,
                mimeType: head.headerFields[.contentType] ?? "",
                text: text.text,
                encoding: text.encoding
            ),
            redirectURL: head.headerFields[.location].map { redactor.redact(urlString: $0) } ?? "",
            bodySize: body.count
        )
    }
}

extension HAR.Timings {
    /// Timings measured from outside a transport: nothing for sending (the transport does it inside
    /// `send`), `wait` until the head arrived, `receive` for the body.
    init(wait: Duration, receive: Duration) {
        self.init(send: 0, wait: wait.harMilliseconds, receive: receive.harMilliseconds)
    }
}

extension Duration {
    /// Milliseconds, with microsecond precision, as HAR timings hold them.
    var harMilliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds * 1_000_000 + attoseconds / 1_000_000_000_000) / 1000
    }
}

extension Date {
    /// `milliseconds` after this date in ISO 8601 with milliseconds, in UTC, as HAR's
    /// `startedDateTime` holds it.
    ///
    /// NOTE: the milliseconds are added as integers: `Date`'s floating-point seconds lose a millisecond
    /// now and then (`.150` printed as `.149`), and the same recording must give the same text.
    func harDateTime(plus milliseconds: Double) -> String {
        let total = Int64((timeIntervalSince1970 * 1000).rounded()) + Int64(milliseconds.rounded(.down))
        let seconds = total >= 0 ? total / 1000 : (total - 999) / 1000
        let whole = Date(timeIntervalSince1970: Double(seconds)).formatted(Date.ISO8601FormatStyle(timeZone: .gmt))
        let fraction = String(total - seconds * 1000)
        return whole.dropLast() + "." + String(repeating: "0", count: 3 - fraction.count) + fraction + "Z"
    }
}
