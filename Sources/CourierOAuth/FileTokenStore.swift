import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Tokens kept in a JSON file only its owner can read: for command-line tools and servers.
///
/// - The file is created with mode `0600` (and its folder, when missing, `0700`) and never made readable by
///   others.
/// - A save writes a new file beside it, flushes it to disk, then renames it over the old one: a crash leaves the
///   old tokens or the new ones, never half of each.
/// - A load refuses a file that its group or others may read or write (``FileTokenStore/InsecureFile``), as `ssh`
///   refuses such a key: the tokens in it may have leaked.
///
/// ```swift
/// let store = FileTokenStore(url: FileManager.default.homeDirectoryForCurrentUser
///     .appending(path: ".config/courier/tokens.json"))
/// ```
public struct FileTokenStore: OAuthTokenStore {
    /// A token file that others may read or write.
    public struct InsecureFile: Error, Sendable, Hashable, CustomStringConvertible {
        /// The file.
        public var path: String
        /// Its permission bits.
        public var mode: UInt16

        public var description: String {
            "\(path) has mode \(String(mode, radix: 8)): a token file must be readable by its owner only (chmod 600)"
        }
    }

    /// Where the tokens are.
    public let url: URL

    /// A store in the file at `url`.
    public init(url: URL) {
        self.url = url
    }

    public func load() async throws -> OAuthTokens? {
        var info = stat()
        guard stat(url.path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw Self.posixError("reading")
        }
        let mode = UInt16(info.st_mode & 0o777)
        guard mode & 0o077 == 0 else { throw InsecureFile(path: url.path, mode: mode) }
        let data = try Data(contentsOf: url)
        return try JSONDecoder.tokens.decode(OAuthTokens.self, from: data)
    }

    public func save(_ tokens: OAuthTokens) async throws {
        let folder = url.deletingLastPathComponent()
        if !FileManager.default.fileExists(atPath: folder.path) {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        let data = try JSONEncoder.tokens.encode(tokens)
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UInt32.random(in: .min ... .max)).tmp")
        // O_EXCL: never write through a file (or a link) someone else put there first.
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw Self.posixError("creating \(temporary.path)") }
        var written = 0
        let wroteAll = data.withUnsafeBytes { bytes -> Bool in
            while written < bytes.count {
                let result = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                written += result
            }
            return true
        }
        let synced = wroteAll && fsync(descriptor) == 0
        let failure = synced ? nil : Self.posixError("writing \(temporary.path)")
        close(descriptor)
        if let failure {
            unlink(temporary.path)
            throw failure
        }
        guard rename(temporary.path, url.path) == 0 else {
            let failure = Self.posixError("replacing \(url.path)")
            unlink(temporary.path)
            throw failure
        }
    }

    public func clear() async throws {
        guard unlink(url.path) == 0 || errno == ENOENT else { throw Self.posixError("removing \(url.path)") }
    }

    private static func posixError(_ doing: String) -> any Error {
        let code = errno
        return NSError(
            domain: NSPOSIXErrorDomain, code: Int(code),
            userInfo: [NSLocalizedDescriptionKey: "\(doing): \(String(cString: strerror(code)))"])
    }
}

extension JSONEncoder {
    /// Dates as ISO 8601, keys sorted: a token file a person can read.
    static var tokens: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return encoder
    }
}

extension JSONDecoder {
    static var tokens: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
