import Foundation

/// The temporary file a download is written into: hidden, next to its destination (so the final move
/// is a rename within one file system, which is atomic), and deleted unless it was moved into place.
///
/// Used by one download at a time, from one task: not `Sendable`.
final class DownloadFile {
    /// Where the bytes go once they are all there.
    let destination: URL
    /// Where they are written meanwhile: `.<name>.courier-download-<UUID>` beside `destination`.
    let temporaryURL: URL
    /// How many bytes have been written.
    private(set) var bytesWritten: Int64 = 0
    private var handle: FileHandle?
    private var isDone = false

    /// Creates the empty temporary file.
    ///
    /// - Parameter uniqueName: what makes the temporary name unique; a fresh UUID by default (it only
    ///   has to avoid other downloads to the same place, so it need not be injected for tests).
    /// - Throws: ``NetworkError/Kind/transportFailed`` when the file cannot be created (no such
    ///   directory, no permission), before anything is sent.
    init(destination: URL, uniqueName: String = UUID().uuidString) throws {
        self.destination = destination
        let directory = destination.deletingLastPathComponent()
        temporaryURL = directory.appendingPathComponent(".\(destination.lastPathComponent).courier-download-\(uniqueName)")
        guard FileManager.default.createFile(atPath: temporaryURL.path, contents: nil) else {
            throw NetworkError(.transportFailed, message: "cannot create a file in '\(directory.path)' to download '\(destination.lastPathComponent)' into.")
        }
        do {
            handle = try FileHandle(forWritingTo: temporaryURL)
        } catch {
            discard()
            throw NetworkError(.transportFailed, message: "cannot open '\(temporaryURL.path)' to download into.", underlying: error)
        }
    }

    deinit {
        discard()
    }

    /// Appends `chunk`.
    func write(_ chunk: Data) throws {
        do {
            try handle?.write(contentsOf: chunk)
            bytesWritten += Int64(chunk.count)
        } catch {
            throw NetworkError(.transportFailed, message: "cannot write the download to '\(temporaryURL.path)'.", underlying: error)
        }
    }

    /// Closes the file and renames it to ``destination``, replacing what was there in one step.
    func commit() throws {
        do {
            try handle?.close()
        } catch {
            throw NetworkError(.transportFailed, message: "cannot finish writing '\(temporaryURL.path)'.", underlying: error)
        }
        handle = nil
        // NOTE: rename(2), not FileManager.moveItem: it replaces an existing destination atomically, so a
        // reader sees the old file or the new one, never a half-written one.
        guard rename(temporaryURL.path, destination.path) == 0 else {
            let code = errno
            throw NetworkError(
                .transportFailed,
                message: "cannot move the download into place at '\(destination.path)': \(String(cString: strerror(code))).",
                underlying: POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
            )
        }
        isDone = true
    }

    /// Closes and deletes the temporary file, unless it was moved into place. Safe to call twice.
    func discard() {
        guard !isDone else { return }
        isDone = true
        try? handle?.close()
        handle = nil
        try? FileManager.default.removeItem(at: temporaryURL)
    }
}
