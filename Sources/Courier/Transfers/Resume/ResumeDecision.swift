import HTTPTypes

/// What a download does with the answer to a request that asked for the rest of a partial file
/// (`Range: bytes=offset-` with `If-Range`): a pure function of the answer's head, so each rule is
/// tested apart from files and sockets.
enum ResumeDecision: Sendable, Hashable {
    /// `206` continuing exactly at the offset: append the body, which holds the bytes `part`.
    /// `completeLength` is the whole representation's length, when known.
    case append(part: ClosedRange<Int64>, completeLength: Int64?)
    /// `200`: the server sends the whole representation (it ignores ranges, or the validator no longer
    /// matches): write the body from the start, in place of the partial file.
    case replace
    /// `416` whose `Content-Range: bytes */N` says the representation is exactly the partial file's
    /// length: the file is already whole.
    case alreadyComplete
    /// The partial file cannot be continued (a `416` for another length, a `206` of a changed
    /// representation): drop it and ask again without a range. `reason` is for the log and the error.
    case startOver(reason: String)
    /// The server answered a range request with a part that does not fit: never appended; the download
    /// fails with ``NetworkError/Kind/invalidResponse`` and this message.
    case reject(reason: String)
    /// Another status: neither a continuation nor a replacement; the acceptable statuses decide.
    case other

    /// Decides on `response` to a request for the bytes from `offset` on.
    ///
    /// - Parameters:
    ///   - offset: the partial file's length, the first byte asked for.
    ///   - validator: the validator sent in `If-Range`.
    ///   - knownLength: the representation's length as learned when the partial file was started, if any.
    static func decide(_ response: HTTPResponse, offset: Int64, validator: ResumeValidator, knownLength: Int64?) -> ResumeDecision {
        let fields = response.headerFields
        switch response.status.code {
        case 200:
            return .replace
        case 206:
            // A 206 of another representation: a server that honours Range but not If-Range.
            if validator.isContradicted(by: fields) {
                return .startOver(reason: "the server sent part of a changed representation (its validator is no longer \(validator.ifRangeValue))")
            }
            if let type = fields[.contentType], type.lowercased().hasPrefix("multipart/byteranges") {
                return .reject(reason: "the server answered the request for bytes \(offset)- with several ranges (multipart/byteranges)")
            }
            guard let value = fields[.contentRange] else {
                return .reject(reason: "the server answered 206 to the request for bytes \(offset)- without a Content-Range")
            }
            guard let contentRange = ContentRange(value), let range = contentRange.range else {
                return .reject(reason: "the server answered 206 with a malformed Content-Range '\(value)'")
            }
            guard range.lowerBound == offset else {
                return .reject(reason: "the server sent bytes \(range.lowerBound)-\(range.upperBound) when bytes \(offset)- were asked for (Content-Range '\(value)')")
            }
            if let knownLength, let complete = contentRange.completeLength, complete != knownLength {
                return .reject(reason: "the server says the representation is \(complete) bytes long, not the \(knownLength) bytes it said before, with the same validator (Content-Range '\(value)')")
            }
            return .append(part: range, completeLength: contentRange.completeLength ?? knownLength)
        case 416:
            if let value = fields[.contentRange], let contentRange = ContentRange(value), contentRange.range == nil,
               contentRange.completeLength == offset, knownLength == nil || knownLength == offset {
                return .alreadyComplete
            }
            return .startOver(reason: "the server cannot serve bytes \(offset)- (416): the partial file does not match the representation")
        default:
            return .other
        }
    }
}
