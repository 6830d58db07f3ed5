import Foundation

/// The file `--download` saves to when `--output` does not say: the name the server suggests in
/// `Content-Disposition`, else the URL's last path segment, else `index` — never a path, never hidden,
/// and never an existing file's name (`-1`, `-2`… are added, as HTTPie does).
enum DownloadName {
    ///
    /// A name taken from the URL (or `index`) that has no extension gets the one its `Content-Type` calls
    /// for, as HTTPie does (`/image/png` served as `image/png` is `png.png`); a name the server gave in
    /// `Content-Disposition` is kept as it is.
    static func suggested(contentDisposition: String?, url: URL?, contentType: String? = nil) -> String {
        if let given = contentDisposition.flatMap(filename(inDisposition:)).flatMap(plainName) { return given }
        let name = url.flatMap { plainName($0.lastPathComponent) } ?? "index"
        guard !name.contains("."), let type = contentType, let suffix = extensions[mediaType(type)] else { return name }
        return name + "." + suffix
    }

    /// A server's name is only a name: no directories, no `..`, no leading dot; `nil` when nothing is left.
    private static func plainName(_ candidate: String) -> String? {
        let last = candidate.replacingOccurrences(of: "\\", with: "/").split(separator: "/").last.map(String.init) ?? ""
        let name = String(last.drop { $0 == "." }).trimmingCharacters(in: .whitespacesAndNewlines)
        return name.isEmpty ? nil : name
    }

    private static func mediaType(_ contentType: String) -> String {
        (contentType.split(separator: ";").first.map(String.init) ?? "").trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// The usual extension of common media types (the IANA registrations' own suggestions).
    private static let extensions: [String: String] = [
        "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif", "image/webp": "webp", "image/svg+xml": "svg",
        "image/avif": "avif", "image/x-icon": "ico", "application/json": "json", "application/xml": "xml", "text/xml": "xml",
        "text/html": "html", "text/plain": "txt", "text/css": "css", "text/csv": "csv", "text/javascript": "js",
        "application/javascript": "js", "application/pdf": "pdf", "application/zip": "zip", "application/gzip": "gz",
        "application/x-tar": "tar", "audio/mpeg": "mp3", "video/mp4": "mp4", "application/wasm": "wasm",
        "application/yaml": "yaml", "text/markdown": "md",
    ]

    /// `name`, or `name-1`, `name-2`… (before the extension) — the first that `exists` says is free.
    static func unique(_ name: String, exists: (String) -> Bool) -> String {
        guard exists(name) else { return name }
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
        let stem = dot.map { String(name[..<$0]) } ?? name
        let suffix = dot.map { String(name[$0...]) } ?? ""
        var number = 1
        while exists("\(stem)-\(number)\(suffix)") { number += 1 }
        return "\(stem)-\(number)\(suffix)"
    }

    /// The `filename*` (RFC 6266, UTF-8 percent-encoded) or `filename` parameter.
    private static func filename(inDisposition header: String) -> String? {
        var plain: String?
        for parameter in header.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { continue }
            let value = parts[1].hasPrefix("\"") && parts[1].hasSuffix("\"") && parts[1].count >= 2 ? String(parts[1].dropFirst().dropLast()) : parts[1]
            switch parts[0].lowercased() {
            case "filename*":
                let encoded = value.components(separatedBy: "''").last ?? value
                if let decoded = encoded.removingPercentEncoding { return decoded }
            case "filename":
                plain = value
            default:
                continue
            }
        }
        return plain
    }
}
