import Foundation

/// Builds Swift source text with consistent indentation, doc comments and string literals.
struct SwiftWriter {
    private(set) var text = ""
    private var level = 0

    /// One line at the current indentation (an empty string writes an empty line, without trailing spaces).
    mutating func line(_ content: String = "") {
        text += content.isEmpty ? "\n" : String(repeating: "    ", count: level) + content + "\n"
    }

    /// `header {`, the body one level deeper, `}`.
    mutating func block(_ header: String, _ body: (inout SwiftWriter) -> Void) {
        line(header + " {")
        level += 1
        body(&self)
        level -= 1
        line("}")
    }

    /// `header {`, the body at the same level (Swift's layout for `switch` cases), `}`.
    mutating func switchBlock(_ header: String, _ body: (inout SwiftWriter) -> Void) {
        line(header + " {")
        body(&self)
        line("}")
    }

    /// The lines `body` writes, one level deeper (for blocks whose opening line is written separately).
    mutating func indented(_ body: (inout SwiftWriter) -> Void) {
        level += 1
        body(&self)
        level -= 1
    }

    /// `///` lines from free text (summary, blank line, description); nothing for nil or blank text.
    mutating func doc(_ paragraphs: String?...) {
        let blocks = paragraphs.compactMap { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        for (index, block) in blocks.enumerated() {
            if index > 0 { line("///") }
            for text in block.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
                let trimmed = text.trimmingTrailingWhitespace()
                line(trimmed.isEmpty ? "///" : "/// " + trimmed)
            }
        }
    }

    /// A Swift string literal for arbitrary text (escapes quotes, backslashes, control characters).
    static func stringLiteral(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension StringProtocol {
    func trimmingTrailingWhitespace() -> String {
        var view = Substring(self)
        while let last = view.last, last == " " || last == "\t" || last == "\r" { view = view.dropLast() }
        return String(view)
    }
}
