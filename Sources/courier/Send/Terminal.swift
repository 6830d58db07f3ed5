import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the standard streams are connected to: colours and the progress bar only go to a terminal,
/// and never when `NO_COLOR` is set (https://no-color.org).
struct Terminal {
    let stdoutIsTerminal: Bool
    let stderrIsTerminal: Bool
    let colours: Bool

    static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> Terminal {
        let stdout = isatty(STDOUT_FILENO) == 1
        let stderr = isatty(STDERR_FILENO) == 1
        return Terminal(stdoutIsTerminal: stdout, stderrIsTerminal: stderr, colours: stdout && environment["NO_COLOR"] == nil)
    }

    /// `text` in an ANSI colour when colours are on.
    func paint(_ text: String, _ colour: Colour) -> String {
        colours ? "\u{1B}[\(colour.rawValue)m\(text)\u{1B}[0m" : text
    }

    enum Colour: String {
        case blue = "34"
        case green = "32"
        case yellow = "33"
        case red = "31"
        case bold = "1"
    }
}

/// Writes to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
