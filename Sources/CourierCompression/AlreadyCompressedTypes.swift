import Foundation

/// Media types whose bytes are already compressed: compressing them again costs CPU and saves nothing.
enum AlreadyCompressedTypes {
    /// Whether a body of `contentType` is already compressed: images (but SVG, which is text), audio and
    /// video, and archive, compressed-file and font formats.
    static func contains(_ contentType: String) -> Bool {
        let bare = contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? contentType
        let type = bare.trimmingCharacters(in: .whitespaces).lowercased()
        if type.hasPrefix("image/") { return !type.hasPrefix("image/svg") && type != "image/bmp" }
        if type.hasPrefix("video/") || type.hasPrefix("audio/") { return true }
        if type.hasSuffix("+zip") || type.hasSuffix("+gzip") || type.hasSuffix("+zstd") { return true }
        return types.contains(type)
    }

    private static let types: Set<String> = [
        "application/zip", "application/gzip", "application/x-gzip", "application/x-bzip2", "application/x-xz",
        "application/x-7z-compressed", "application/x-rar-compressed", "application/vnd.rar", "application/zstd",
        "application/x-compress", "application/x-lzip", "application/x-lz4", "application/x-lzma",
        "application/java-archive", "application/vnd.android.package-archive",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        "application/vnd.oasis.opendocument.text", "application/vnd.oasis.opendocument.spreadsheet",
        "application/pdf", "font/woff", "font/woff2", "application/font-woff",
    ]
}
