import Foundation

/// Reads a file in chunks for a request body.
enum FileChunks {
    /// The file's bytes, `chunkSize` at a time; the file is opened when iteration starts and closed at
    /// the end, on error, or when the iterator is dropped.
    static func chunks(of url: URL, chunkSize: Int) -> BodyChunks {
        BodyChunks {
            var reader: FileReader?
            return {
                if reader == nil {
                    do {
                        reader = try FileReader(url: url)
                    } catch {
                        throw NetworkError(.invalidBody, message: "the file '\(url.path)' cannot be read.", underlying: error)
                    }
                }
                return try reader?.read(upTo: chunkSize)
            }
        }
    }
}

/// Owns an open file handle and closes it when released.
private final class FileReader {
    private let handle: FileHandle

    init(url: URL) throws {
        handle = try FileHandle(forReadingFrom: url)
    }

    deinit {
        try? handle.close()
    }

    /// Up to `count` bytes, or `nil` at the end of the file.
    func read(upTo count: Int) throws -> Data? {
        let data = try handle.read(upToCount: count) ?? Data()
        return data.isEmpty ? nil : data
    }
}
