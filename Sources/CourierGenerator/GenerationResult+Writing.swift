import Foundation

extension GenerationResult {
    /// The name of the file, in the output directory, that lists what the last run wrote.
    public static let manifestName = ".courier-generate.json"

    /// What `.courier-generate.json` records: the files one run wrote, so the next run can remove the ones it no
    /// longer writes (a renamed group, fewer shards) without touching anything else in the directory.
    struct Manifest: Codable, Equatable {
        var generator: String
        var module: String
        var files: [String]
    }

    /// Writes the files under `directory` (created as needed), removes the files the previous run listed in
    /// `.courier-generate.json` and this run does not write, and writes the new list. Files whose contents did not
    /// change are not rewritten, so their modification dates (and incremental builds) survive.
    ///
    /// - Returns: the relative paths of the stale files it removed.
    @discardableResult
    public func write(to directory: URL) throws -> [String] {
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
        let manifestURL = directory.appendingPathComponent(Self.manifestName)
        let previous = (try? Data(contentsOf: manifestURL)).flatMap { try? JSONDecoder().decode(Manifest.self, from: $0) }
        for file in files {
            let url = directory.appendingPathComponent(file.path)
            let data = Data(file.contents.utf8)
            if (try? Data(contentsOf: url)) == data { continue }
            try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        }
        let written = Set(files.map(\.path))
        var removed: [String] = []
        for stale in previous?.files ?? [] where !written.contains(stale) && Self.isSafeRelativePath(stale) {
            let url = directory.appendingPathComponent(stale)
            guard fileManager.fileExists(atPath: url.path) else { continue }
            try fileManager.removeItem(at: url)
            removed.append(stale)
            Self.removeEmptyParents(of: url, inside: directory)
        }
        let manifest = Manifest(generator: "courier generate", module: moduleName, files: files.map(\.path).sorted())
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(manifest)
        data.append(UInt8(ascii: "\n"))
        if (try? Data(contentsOf: manifestURL)) != data { try data.write(to: manifestURL, options: .atomic) }
        return removed
    }

    /// A path from a manifest is removed only if it stays inside the output directory.
    private static func isSafeRelativePath(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/") && !path.split(separator: "/").contains("..")
    }

    private static func removeEmptyParents(of url: URL, inside root: URL) {
        var parent = url.deletingLastPathComponent().standardizedFileURL
        let rootPath = root.standardizedFileURL.path
        while parent.path.hasPrefix(rootPath + "/"),
              let contents = try? FileManager.default.contentsOfDirectory(atPath: parent.path), contents.isEmpty {
            try? FileManager.default.removeItem(at: parent)
            parent = parent.deletingLastPathComponent()
        }
    }
}
