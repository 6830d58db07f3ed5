/// Writing text as words a POSIX shell reads back unchanged.
enum ShellQuoting {
    /// Characters that no POSIX shell treats specially anywhere in a word.
    private static let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=@%+,")

    /// `text` as one shell word in single quotes, inside which nothing is special (spaces, `$`,
    /// backquotes, newlines); a single quote is written as `'\''`: end the quotes, an escaped quote,
    /// reopen them.
    static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// `text` bare when every character is plain (a method name), else quoted.
    static func word(_ text: String) -> String {
        !text.isEmpty && text.allSatisfy(plain.contains) ? text : quote(text)
    }

    /// A `printf` format that prints exactly `bytes`: every byte as a three-digit octal escape, which
    /// POSIX `printf` supports and which survives NUL bytes and invalid UTF-8.
    static func printfFormat(for bytes: some Sequence<UInt8>) -> String {
        var format = ""
        for byte in bytes {
            let octal = String(byte, radix: 8)
            format += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
        }
        return "'" + format + "'"
    }
}
