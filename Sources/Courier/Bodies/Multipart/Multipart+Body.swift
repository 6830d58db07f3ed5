import Foundation

extension Multipart {
    /// The form as a request body: a replayable stream of exactly ``RequestBody/length`` bytes, reading
    /// file parts in `chunkSize` pieces as it is sent.
    ///
    /// - Throws: ``NetworkError`` of kind ``NetworkError/Kind/invalidBody``, before anything is sent,
    ///   when the boundary is not 1 to 70 letters, digits or `'+_-.`, when a part's content type holds a
    ///   control character or non-ASCII text, when an in-memory part contains the boundary, or when a
    ///   file part's file is gone or unreadable.
    public func requestBody(chunkSize: Int = 64 * 1024) throws -> RequestBody {
        precondition(chunkSize > 0, "chunkSize must be positive")
        try MultipartSyntax.validate(boundary: boundary)
        let delimiter = Data("--\(boundary)".utf8)
        var segments: [MultipartSegment] = []
        var pending = Data()
        for part in parts {
            pending.append(contentsOf: "--\(boundary)\r\n".utf8)
            pending.append(try MultipartSyntax.head(of: part))
            switch part.content {
            case .data(let data):
                guard data.range(of: delimiter) == nil else {
                    throw NetworkError(.invalidBody, message: "the part '\(part.name)' contains the multipart boundary; use another boundary.")
                }
                pending.append(data)
            case .file(let url, _):
                // NOTE: stat again: the file may have changed or gone since it was appended.
                guard let length = try RequestBody.file(at: url).length else {
                    throw NetworkError(.invalidBody, message: "the size of '\(url.path)' is unknown.")
                }
                segments.append(.bytes(pending))
                pending = Data()
                segments.append(.file(url, length: length))
            }
            pending.append(contentsOf: "\r\n".utf8)
        }
        pending.append(contentsOf: "--\(boundary)--\r\n".utf8)
        segments.append(.bytes(pending))
        let body = segments
        let length = body.reduce(Int64(0)) { $0 + $1.length }
        return .stream(length: length) { MultipartSegment.chunks(of: body, chunkSize: chunkSize) }
    }
}

/// A run of the body: bytes in memory, or a file read in chunks.
enum MultipartSegment: Sendable {
    case bytes(Data)
    case file(URL, length: Int64)

    var length: Int64 {
        switch self {
        case .bytes(let data): Int64(data.count)
        case .file(_, let length): length
        }
    }

    /// The segments one after the other; a file is opened only when its turn comes.
    static func chunks(of segments: [MultipartSegment], chunkSize: Int) -> BodyChunks {
        BodyChunks {
            var remaining = segments[...]
            var current: BodyChunks.AsyncIterator?
            return {
                while true {
                    if var iterator = current {
                        let chunk = try await iterator.next()
                        current = iterator
                        if let chunk { return chunk }
                        current = nil
                    }
                    guard let segment = remaining.popFirst() else { return nil }
                    switch segment {
                    case .bytes(let data):
                        current = BodyChunks.memory(data, chunkSize: chunkSize).makeAsyncIterator()
                    case .file(let url, let length):
                        current = FileChunks.chunks(of: url, chunkSize: chunkSize).checkingLength(length).makeAsyncIterator()
                    }
                }
            }
        }
    }
}

/// The syntax rules of a multipart body's heads.
enum MultipartSyntax {
    /// A boundary that needs no quoting in `Content-Type` (RFC 2046 `bchars` ∩ `token`).
    static func validate(boundary: String) throws {
        let allowed = boundary.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "'+_-.".utf8.contains(byte)
        }
        guard (1...70).contains(boundary.utf8.count), allowed else {
            throw NetworkError(.invalidBody, message: "the multipart boundary must be 1 to 70 letters, digits or '+_-. characters.")
        }
    }

    /// `Content-Disposition` (and `Content-Type` for files) of a part, ending with the blank line.
    static func head(of part: Multipart.Part) throws -> Data {
        var head = #"Content-Disposition: form-data; name="\#(escape(part.name))""#
        if let filename = part.filename {
            head += #"; filename="\#(escape(filename))""#
        }
        head += "\r\n"
        if let contentType = part.contentType {
            guard contentType.utf8.allSatisfy({ (0x20...0x7E).contains($0) || $0 == 0x09 }), !contentType.isEmpty else {
                throw NetworkError(.invalidBody, message: "the content type of the part '\(part.name)' must be visible ASCII text.")
            }
            head += "Content-Type: \(contentType)\r\n"
        }
        head += "\r\n"
        return Data(head.utf8)
    }

    /// A name or file name as browsers write it (WHATWG): `"`, CR and LF percent-encoded, so no value
    /// can end the quoted string or the header line.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "%22"
            case "\r": escaped += "%0D"
            case "\n": escaped += "%0A"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
