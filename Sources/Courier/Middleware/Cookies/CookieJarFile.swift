import Foundation

/// The file a persisting ``CookieJar`` keeps its persistent cookies in: JSON, replaced atomically at
/// each change, readable by its owner alone (cookies are credentials).
final class CookieJarFile: Sendable {
    /// What the file holds. `format` lets a later version read an older file or refuse a newer one.
    struct Contents: Codable {
        var format: Int
        var cookies: [Cookie]
    }

    static let format = 1

    let url: URL
    /// The newest version of the jar written so far.
    private let written = Locked<UInt64>(0)

    init(url: URL) {
        self.url = url
    }

    /// The cookies in the file; none when there is no file yet.
    ///
    /// - Throws: the error of reading the file, a `DecodingError` when it is not a cookie file, or
    ///   `CocoaError(.fileReadCorruptFile)` when it was written by a newer format.
    func load() throws -> [Cookie] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let contents = try JSONDecoder().decode(Contents.self, from: Data(contentsOf: url))
        guard contents.format <= Self.format else { throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: url.path]) }
        return contents.cookies
    }

    /// Writes `cookies`, the jar at `version`, unless a newer version was written meanwhile (two
    /// changes made at once may reach here in either order; the file must end with the later).
    func write(_ cookies: [Cookie], version: UInt64) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(Contents(format: Self.format, cookies: cookies))
        // NOTE: the file is written under this lock (never the jar's), so that writes of two versions
        // cannot interleave; readers of the jar never wait for the disk.
        try written.withLock { newest in
            guard version >= newest else { return }
            try replace(with: data)
            newest = version
        }
    }

    /// A temporary file created with mode 0600 next to the target, then renamed over it: a reader sees
    /// the old file or the new one, never half of one, and nobody else can read it at any time.
    private func replace(with data: Data) throws {
        let directory = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        // NOTE: open(2) with mode 0600, not `FileManager.createFile(…attributes:)`, which on Linux writes the
        // bytes first and narrows the permissions after: for a moment others could read the cookies.
        let descriptor = open(temporary.path, O_CREAT | O_EXCL | O_WRONLY, 0o600)
        guard descriptor >= 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: data)
            try handle.close()
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        guard rename(temporary.path, url.path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path, NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)])
        }
    }
}
