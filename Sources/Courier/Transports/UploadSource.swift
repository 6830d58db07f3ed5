import Foundation

/// Where URLSession reads a request body from.
///
/// URLSession has no way to take an async sequence as a body on Linux (no bound stream pair), so a
/// streamed body is first spooled to a temporary file, which is then uploaded and deleted: memory stays
/// bounded at the cost of disk space and of the upload starting once the stream has ended. Files are
/// uploaded as they are; bytes in memory are sent from memory.
enum UploadSource {
    case memory(Data)
    /// A file to upload; `temporary` files are deleted once the transfer is over.
    case file(URL, temporary: Bool)

    static func make(for body: RequestBody) async throws -> UploadSource {
        if let data = body.bufferedData {
            return .memory(data)
        }
        if let url = body.fileURL {
            return .file(url, temporary: false)
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("courier-upload-\(UUID().uuidString)")
        do {
            guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                throw NetworkError(.invalidBody, message: "could not create a temporary file to spool the body.")
            }
            let handle = try FileHandle(forWritingTo: url)
            defer { try? handle.close() }
            for try await chunk in try body.chunks() {
                try handle.write(contentsOf: chunk)
            }
            // A stream may end early because the task was cancelled: never upload what was cut short.
            if Task.isCancelled {
                throw NetworkError(.cancelled, message: "the calling task was cancelled while the body was being read.")
            }
            return .file(url, temporary: true)
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw error
        }
    }

    /// Deletes a temporary spool file.
    func finished() {
        if case .file(let url, temporary: true) = self {
            try? FileManager.default.removeItem(at: url)
        }
    }
}
