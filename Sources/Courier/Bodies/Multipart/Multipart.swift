import Foundation

/// A `multipart/form-data` body (RFC 7578) built part by part, sent as a stream.
///
/// Text and in-memory parts are held as bytes; file parts are read from disk in chunks while the body is
/// sent, so a multi-gigabyte file never sits in memory. The body's length is computed exactly (so
/// `Content-Length` is sent, not chunked encoding) and it can be sent again by a retry or a 307 redirect.
///
/// ```swift
/// var form = Multipart()
/// form.append("Ada", name: "author")
/// try form.append(fileAt: URL(fileURLWithPath: "/tmp/cover.png"), name: "cover")
/// var request = try ClientRequest(.post, path: "/posts")
/// try request.setMultipartBody(form)     // the body and its Content-Type with the boundary
/// ```
///
/// Field names and file names are escaped as browsers do (WHATWG): `"` becomes `%22`, CR `%0D`, LF `%0A`;
/// other text, non-ASCII included, is sent as UTF-8. The boundary is 128 random bits; in-memory parts are
/// checked not to contain it, and a file's chance of containing it is 2⁻¹²⁸.
public struct Multipart: Sendable {
    /// One part: its name, the file name and type for file parts, and its content.
    struct Part: Sendable {
        var name: String
        var filename: String?
        var contentType: String?
        var content: MultipartFile.Source
    }

    /// The delimiter between parts, without the leading `--`.
    public let boundary: String
    private(set) var parts: [Part] = []

    /// An empty form with a random boundary from the system's random source.
    public init() {
        var generator = SystemRandomNumberGenerator()
        self.init(using: &generator)
    }

    /// An empty form whose random boundary comes from `generator` (a seeded one gives reproducible
    /// bytes in tests).
    public init(using generator: inout some RandomNumberGenerator) {
        let random = (0..<2).map { _ in String(generator.next() as UInt64, radix: 16) }
        boundary = "courier-" + random.map { String(repeating: "0", count: 16 - $0.count) + $0 }.joined()
    }

    /// An empty form with the given boundary: 1 to 70 of the characters RFC 2046 allows, checked when
    /// the body is made.
    public init(boundary: String) {
        self.boundary = boundary
    }

    /// The header value that announces this form: `multipart/form-data; boundary=…`.
    public var contentType: String {
        "multipart/form-data; boundary=\(boundary)"
    }

    /// Whether the form has no parts.
    public var isEmpty: Bool { parts.isEmpty }

    /// Appends a text field.
    public mutating func append(_ value: String, name: String) {
        parts.append(Part(name: name, content: .data(Data(value.utf8))))
    }

    /// Appends bytes; with a `filename` they form a file part.
    public mutating func append(_ data: Data, name: String, filename: String? = nil, contentType: String? = nil) {
        let type = contentType ?? (filename == nil ? nil : "application/octet-stream")
        parts.append(Part(name: name, filename: filename, contentType: type, content: .data(data)))
    }

    /// Appends a file part.
    public mutating func append(_ file: MultipartFile, name: String) {
        parts.append(Part(name: name, filename: file.filename, contentType: file.contentType, content: file.source))
    }

    /// Appends the file at `url` as a file part, read in chunks while the body is sent.
    ///
    /// - Throws: ``NetworkError`` of kind ``NetworkError/Kind/invalidBody`` when the file does not exist or
    ///   is not a readable regular file: a missing file fails here, never half way through an upload.
    public mutating func append(fileAt url: URL, name: String, filename: String? = nil, contentType: String? = nil) throws {
        append(try MultipartFile(contentsOf: url, filename: filename, contentType: contentType), name: name)
    }
}
