import Foundation

/// A file to send as one part of a multipart form: bytes in memory, or a file on disk that is read in
/// chunks while the body is sent.
///
/// Put it in any `Encodable` value and ``MultipartFormEncoder`` makes it a file part; or append it to a
/// ``Multipart`` yourself.
///
/// ```swift
/// struct NewPost: Encodable, Sendable {
///     var title: String
///     var cover: MultipartFile
/// }
/// let post = NewPost(title: "Hello", cover: try MultipartFile(contentsOf: imageURL))
/// ```
public struct MultipartFile: Sendable, Encodable {
    enum Source: Sendable {
        case data(Data)
        case file(URL, length: Int64)
    }

    let source: Source
    /// The file name the part announces.
    public let filename: String
    /// The part's `Content-Type`.
    public let contentType: String

    /// A file part holding `data`.
    public init(data: Data, filename: String, contentType: String = "application/octet-stream") {
        source = .data(data)
        self.filename = filename
        self.contentType = contentType
    }

    /// A file part read from `url` while the body is sent; it never sits in memory whole.
    ///
    /// - Parameters:
    ///   - url: the file on disk.
    ///   - filename: the name to announce; the file's own name unless given.
    ///   - contentType: the part's type; guessed from the file's extension unless given.
    /// - Throws: ``NetworkError`` of kind ``NetworkError/Kind/invalidBody`` when the file does not exist or
    ///   is not a readable regular file — here, long before anything is sent.
    public init(contentsOf url: URL, filename: String? = nil, contentType: String? = nil) throws {
        guard let length = try RequestBody.file(at: url).length else {
            throw NetworkError(.invalidBody, message: "the size of '\(url.path)' is unknown.")
        }
        source = .file(url, length: length)
        self.filename = filename ?? url.lastPathComponent
        self.contentType = contentType ?? MediaTypes.guess(forPathExtension: url.pathExtension)
    }

    /// The number of bytes the part's content has.
    public var length: Int64 {
        switch source {
        case .data(let data): Int64(data.count)
        case .file(_, let length): length
        }
    }

    /// A file only has a form representation: any other encoder (JSON, say) fails here.
    public func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(self, EncodingError.Context(
            codingPath: encoder.codingPath,
            debugDescription: "a MultipartFile can only be encoded by MultipartFormEncoder."
        ))
    }
}

/// Content types for the file extensions people upload most; anything else is a byte stream.
enum MediaTypes {
    static func guess(forPathExtension pathExtension: String) -> String {
        switch pathExtension.lowercased() {
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "heic": "image/heic"
        case "svg": "image/svg+xml"
        case "pdf": "application/pdf"
        case "json": "application/json"
        case "txt": "text/plain"
        case "csv": "text/csv"
        case "html", "htm": "text/html"
        case "xml": "application/xml"
        case "zip": "application/zip"
        case "gz": "application/gzip"
        case "mp3": "audio/mpeg"
        case "mp4": "video/mp4"
        case "mov": "video/quicktime"
        default: "application/octet-stream"
        }
    }
}
