import Courier
import Foundation

/// What a ``ReplayingTransport`` compares between a request and a recorded entry: the method, the URL
/// as the HAR file holds it, and (when asked) the body in the same form.
struct ReplayKey: Sendable {
    let method: String
    let url: String
    /// `nil` when bodies are not compared, or when the entry's body was not recorded (it then matches
    /// any body).
    let body: Body?

    enum Body: Hashable, Sendable {
        case empty
        case text(HARBodyText)
        /// Too large to read (or failing): it matches only an entry whose body was not recorded either.
        case unreadable
    }

    /// The key of an incoming request; reads its body (the replayer is its only reader) when
    /// `matchingBodies`.
    static func of(_ request: ClientRequest, matchingBodies: Bool) async -> ReplayKey {
        var body: Body?
        if matchingBodies {
            let recorded = await RecordedRequestBody.read(
                request.body, limit: request.options.maxResponseBodySize, consumingSinglePass: true
            )
            switch recorded {
            case .empty: body = .empty
            case .bytes(let data): body = .text(HARBodyText(data, redactor: request.options.redactor))
            case .notRecorded: body = .unreadable
            }
        }
        return ReplayKey(method: request.method.rawValue, url: request.harURL, body: body)
    }

    /// Whether `entry` answers a request with this key. The entry's URL and body are redacted again with
    /// `redactor`, so a file written by another tool, with its secrets in, matches as well.
    func matches(_ entry: HAR.Entry, redactor: Redactor) -> Bool {
        guard entry.request.method == method, redactor.redact(urlString: entry.request.url) == url else { return false }
        guard let body else { return true }
        guard let postData = entry.request.postData else { return body == .empty }
        guard let text = postData.text else { return true }   // not recorded: any body will do
        guard let recorded = HARBodyText(text: text, encoding: postData.encoding, redactor: redactor) else { return false }
        return text.isEmpty ? body == .empty : body == .text(recorded)
    }

    /// `METHOD URL`, for messages.
    var description: String { "\(method) \(url)" }
}
