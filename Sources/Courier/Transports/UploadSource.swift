import Foundation

/// Where URLSession reads a request body from: always memory.
///
/// NOTE: corelibs crashes the process when a file upload (`uploadTask(with:fromFile:)`) ends before the file
/// was read — a server that answers early or closes, or a cancel: its asynchronous file read then unpauses a
/// libcurl handle that is gone (`try!` on error 43, EasyHandle.swift; found by the chaos soak). A body held
/// in memory is handed over synchronously and cannot race, so files and streams are read into memory first,
/// up to `maxSize`; a larger body is refused before anything is sent, saying why.
enum UploadSource {
    case memory(Data)

    static func make(for body: RequestBody, maxSize: Int) async throws -> UploadSource {
        if let data = body.bufferedData {
            return .memory(data)
        }
        if let length = body.length, length > maxSize {
            throw tooLarge(length, maxSize: maxSize)
        }
        if let url = body.fileURL {
            // Mapped, not read: the pages come from the file as corelibs copies them out.
            return .memory(try Data(contentsOf: url, options: .alwaysMapped))
        }
        var data = Data()
        for try await chunk in try body.chunks() {
            guard data.count + chunk.count <= maxSize else {
                throw tooLarge(Int64(data.count + chunk.count), maxSize: maxSize)
            }
            data.append(chunk)
        }
        // A stream may end early because the task was cancelled: never upload what was cut short.
        if Task.isCancelled {
            throw NetworkError(.cancelled, message: "the calling task was cancelled while the body was being read.")
        }
        return .memory(data)
    }

    private static func tooLarge(_ size: Int64, maxSize: Int) -> NetworkError {
        NetworkError(
            .invalidBody,
            message: "a streamed or file body of \(size) bytes is past URLSessionTransport.Configuration.maxUploadSize (\(maxSize)): URLSession on Linux crashes when a file upload is answered early, so bodies are sent from memory. Raise the limit, or use AsyncHTTPClientTransport, which streams uploads of any size."
        )
    }
}
