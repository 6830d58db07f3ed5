/// The WHATWG URL parser's first step: what it reads of an input string.
enum URLInput {
    /// `string`'s UTF-8 bytes without leading and trailing C0 controls and spaces, and without ASCII
    /// tabs, line feeds and carriage returns anywhere (WHATWG URL §4.4, basic URL parser steps 1–3).
    ///
    /// So a URL read from a file or copied with its line break works, and CR/LF can never reach a
    /// request head.
    static func bytes(of string: String) -> [UInt8] {
        var bytes = Array(string.utf8)
        var end = bytes.count
        while end > 0, bytes[end - 1] <= 0x20 { end -= 1 }
        var start = 0
        while start < end, bytes[start] <= 0x20 { start += 1 }
        if start > 0 || end < bytes.count {
            bytes = Array(bytes[start..<end])
        }
        if bytes.contains(where: isTabOrNewline) {
            bytes.removeAll(where: isTabOrNewline)
        }
        return bytes
    }

    private static func isTabOrNewline(_ byte: UInt8) -> Bool {
        byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
