import Foundation

/// The `curl` command that ``LoggingConfiguration/cURLLevel`` writes for a request:
/// ``ClientRequest/cURLDescription(redactor:)``, except that a body the log must not hold is left for
/// standard input, with a first comment line saying so.
enum CURLLogLine {
    /// The longest body in memory the command holds.
    ///
    /// NOTE: a command holds its whole body, binary bytes as four-character octal escapes: a fixed cap
    /// keeps one large upload from writing megabytes into the log. ``ClientRequest/cURLDescription(redactor:)``
    /// has no cap, for whoever needs the whole command.
    static let bodyLimit = 64 * 1024

    /// The command for `request`, redacted with its ``RequestOptions/redactor``.
    static func text(for request: ClientRequest) -> String {
        let body = request.body
        // Nothing, or a file that the command names by its path: the plain description.
        guard !body.isEmpty, body.fileURL == nil else { return request.cURLDescription() }
        guard let data = body.bufferedData else {
            // NOTE: the description only names standard input for a stream and never reads it, so a
            // single-pass body still reaches the transport whole.
            return "# body not shown (a stream, read only once): curl reads it from standard input\n"
                + request.cURLDescription()
        }
        guard data.count > bodyLimit else { return request.cURLDescription() }
        var shown = request
        // A stand-in of the same length that the description writes as `--data-binary @-`; it is never sent.
        shown.body = RequestBody(storage: .stream(length: Int64(data.count), replayable: false) {
            throw NetworkError(.invalidBody, message: "the stand-in body of a logged cURL command is never sent.")
        })
        return "# body not shown (\(data.count) bytes, over the \(bodyLimit) a log line holds): curl reads it from standard input\n"
            + shown.cURLDescription()
    }
}
