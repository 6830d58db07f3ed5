import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The file a download is written into before it is moved into place: beside its destination, so that the
/// final move is a rename within one file system, which is atomic.
///
/// Two kinds:
/// - **Resumable** (a plain GET): `<name>.courier-partial`, with `<name>.courier-partial.json` beside it
///   holding a ``ResumeRecord`` (the URL, the strong validator, the length). It is kept after a failure or
///   a cancellation when the server gave a strong validator, so that a later download to the same
///   destination asks only for the rest. It is locked (`flock`) while a download uses it; a second
///   download to the same destination meanwhile gets a file of the other kind.
/// - **Single-use**: a hidden `.<name>.courier-download-<UUID>`, deleted unless it was moved into place.
///
/// Used by one download at a time, from one task: not `Sendable`.
final class DownloadFile {
    /// Where the bytes go once they are all there.
    let destination: URL
    /// Where they are written meanwhile.
    let temporaryURL: URL
    /// Where the ``ResumeRecord`` is kept; `nil` for a single-use file.
    let recordURL: URL?
    /// The file's length: the bytes written so far, by this call or an earlier one.
    private(set) var bytesWritten: Int64 = 0
    /// What the partial bytes are, when they can be resumed.
    private(set) var record: ResumeRecord?
    private var handle: FileHandle?
    private var isDone = false

    /// Opens the file, creating it when missing.
    ///
    /// - Parameters:
    ///   - source: the request's URL, for a download that may resume; `nil` for a single-use file. A
    ///     partial file recorded for another URL is started again.
    ///   - uniqueName: what makes a single-use name unique; a fresh UUID by default.
    /// - Throws: ``NetworkError/Kind/transportFailed`` when the file cannot be created (no such
    ///   directory, no permission), before anything is sent.
    init(destination: URL, resumingFrom source: String?, uniqueName: String = UUID().uuidString) throws {
        self.destination = destination
        let directory = destination.deletingLastPathComponent()
        if let source {
            let partial = directory.appendingPathComponent("\(destination.lastPathComponent).courier-partial")
            let recordURL = partial.appendingPathExtension("json")
            if let handle = try Self.openLocked(partial) {
                self.temporaryURL = partial
                self.recordURL = recordURL
                self.handle = handle
                try adopt(source: source)
                return
            }
        }
        temporaryURL = directory.appendingPathComponent(".\(destination.lastPathComponent).courier-download-\(uniqueName)")
        recordURL = nil
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
        close()
    }

    /// Whether a partial file is kept for a later call when this one does not finish.
    var isResumable: Bool { recordURL != nil }

    /// Where to resume from: the partial file's length and what it is, when there is something to resume.
    var resumePoint: (offset: Int64, record: ResumeRecord)? {
        guard let record, bytesWritten > 0 else { return nil }
        return (bytesWritten, record)
    }

    /// Empties the file to write a representation from its start; `record` says what it is (`nil`: it
    /// cannot be resumed, and is deleted unless it is completed). The record is saved before any byte is
    /// written, so a file and its record always agree.
    func startOver(record: ResumeRecord?) throws {
        do {
            try handle?.truncate(atOffset: 0)
            bytesWritten = 0
            guard let recordURL else { return }
            self.record = record
            if let record {
                try JSONEncoder().encode(record).write(to: recordURL, options: .atomic)
            } else if FileManager.default.fileExists(atPath: recordURL.path) {
                try FileManager.default.removeItem(at: recordURL)
            }
        } catch {
            throw NetworkError(.transportFailed, message: "cannot start '\(temporaryURL.path)' again.", underlying: error)
        }
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

    /// Renames the file to ``destination``, replacing what was there in one step, and forgets its record.
    func commit() throws {
        // NOTE: rename(2), not FileManager.moveItem: it replaces an existing destination atomically, so a
        // reader sees the old file or the new one, never a half-written one. Renamed before it is closed,
        // so the lock is held until the file is in place.
        guard rename(temporaryURL.path, destination.path) == 0 else {
            let code = errno
            throw NetworkError(
                .transportFailed,
                message: "cannot move the download into place at '\(destination.path)': \(String(cString: strerror(code))).",
                underlying: POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
            )
        }
        isDone = true
        if let recordURL { try? FileManager.default.removeItem(at: recordURL) }
        closeHandle()
    }

    /// Deletes the file and its record, unless it was moved into place. Safe to call twice.
    func discard() {
        guard !isDone else { return }
        isDone = true
        try? FileManager.default.removeItem(at: temporaryURL)
        if let recordURL { try? FileManager.default.removeItem(at: recordURL) }
        // Closed after the removal, so no other download takes the lock of a file about to vanish.
        closeHandle()
    }

    /// Ends this call's use of the file: a partial file that can be resumed is kept (and unlocked), any
    /// other is deleted.
    func close() {
        guard !isDone else { return }
        guard resumePoint != nil else { return discard() }
        isDone = true
        closeHandle()
    }

    private func closeHandle() {
        try? handle?.close()
        handle = nil
    }

    /// Takes over what an earlier call left for `source`, or starts the file empty.
    private func adopt(source: String) throws {
        let length: Int64
        do {
            length = Int64(try handle?.seekToEnd() ?? 0)
        } catch {
            throw NetworkError(.transportFailed, message: "cannot read '\(temporaryURL.path)'.", underlying: error)
        }
        if let recordURL, let data = try? Data(contentsOf: recordURL),
           let saved = try? JSONDecoder().decode(ResumeRecord.self, from: data),
           saved.source == source, saved.length.map({ length <= $0 }) ?? true {
            record = saved
            bytesWritten = length
        } else {
            try startOver(record: nil)
        }
    }

    /// The file at `url` opened for reading and writing (created when missing) and locked for this
    /// process, or `nil` when another download holds it.
    private static func openLocked(_ url: URL) throws -> FileHandle? {
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let code = errno
            throw NetworkError(
                .transportFailed,
                message: "cannot create '\(url.path)' to download into: \(String(cString: strerror(code))).",
                underlying: POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
            )
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            closeDescriptor(descriptor)
            return nil
        }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }
}

/// What a kept partial download is, saved beside it as JSON.
struct ResumeRecord: Codable, Sendable, Hashable {
    /// The URL the bytes came from, as the caller's request named it.
    var source: String
    /// The strong validator sent in `If-Range` to continue.
    var validator: ResumeValidator
    /// The whole representation's length, when the server said it.
    var length: Int64?
}

/// `close(2)`, which the methods of ``DownloadFile`` cannot name (their own `close()` hides it).
private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}
