import Courier

extension Client {
    /// A client that compresses request bodies with `coding` and says so in `Content-Encoding`; only for
    /// servers known to decode compressed requests (many do not, and HTTP has no way to ask first).
    ///
    /// ```swift
    /// import CourierCompression
    ///
    /// let client = Client(transport: URLSessionTransport())
    ///     .compressingRequests(.gzip, minimumSize: 1024)
    ///     .retrying()                           // a retry sends the same compressed bytes again
    ///     .targeting(Server(host: "ingest.example.com"))
    /// ```
    ///
    /// A body is sent as it is when it is empty, when the request already has a `Content-Encoding`, when its
    /// `Content-Type` is already compressed (images but SVG, audio, video, archives, PDF, fonts), when its
    /// length is known and under `minimumSize`, when compressing a body in memory would not make it smaller,
    /// or when ``Courier/RequestOptions/allowsBodyCompression`` is `false`.
    ///
    /// A body in memory is compressed at once and keeps a `Content-Length`. A stream or a file is compressed
    /// while it is sent, in chunks, so a body of any size needs a few hundred KiB; its length is unknown
    /// until the end, so it is sent chunked (`URLSessionTransport` holds it in memory first, as it
    /// does any streamed body). A replayable body stays replayable: each send compresses it afresh.
    /// A server that answers 415 with an `Accept-Encoding` that does not list `coding` (RFC 7694) gets the
    /// request again, uncompressed, when its body can be sent again.
    ///
    /// - Parameters:
    ///   - coding: ``ContentCoding/gzip`` (the default) or ``ContentCoding/deflate``.
    ///   - minimumSize: bodies known to be shorter are sent as they are: compressing them saves little.
    ///   - level: zlib's level; ``CompressionLevel/default`` unless set.
    public func compressingRequests(
        _ coding: ContentCoding = .gzip,
        minimumSize: Int = 1024,
        level: CompressionLevel = .default
    ) -> Client {
        precondition(minimumSize >= 0, "minimumSize must not be negative")
        return with(RequestCompressing(coding: coding, minimumSize: minimumSize, level: level))
    }
}
