import Foundation

/// The file `--download` saves to when `--output` does not say: the name the server suggests in
/// `Content-Disposition`, else the URL's last path segment, else `index` — never a path, never hidden,
/// and never an existing file's name (`-1`, `-2`… are added, as HTTPie does).
enum DownloadName {
    static func suggested(contentDisposition: String?, url: URL?) -> String {
        let candidates = [contentDisposition.flatMap(filename(inDisposition:)), url?.lastPathComponent]
        for candidate in candidates.compactMap({ $0 }) {
            // A server's name is only a name: no directories, no `..`, no leading dot.
            let last = candidate.replacingOccurrences(of: "\\", with: "/").split(separator: "/").last.map(String.init) ?? ""
            let name = String(last.drop { $0 == "." }).trimmingCharacters(in: .whitespacesAndNewlines)
            if !name.isEmpty { return name }
        }
        return "index"
    }

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
