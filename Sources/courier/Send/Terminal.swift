import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the standard streams are connected to. Every decision that depends on a terminal (colours, the
/// progress bar, pretty-printing, the status line) reads this value instead of calling `isatty`, so that
/// tests can hand in either answer.
struct Terminal: Equatable {
    let stdoutIsTerminal: Bool
    let stderrIsTerminal: Bool
    /// Whether `NO_COLOR` (https://no-color.org) is unset.
    let coloursAllowed: Bool

    init(stdoutIsTerminal: Bool, stderrIsTerminal: Bool, coloursAllowed: Bool = true) {
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
        self.coloursAllowed = coloursAllowed
    }

    static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> Terminal {
        Terminal(
            stdoutIsTerminal: isatty(STDOUT_FILENO) == 1,
            stderrIsTerminal: isatty(STDERR_FILENO) == 1,
            coloursAllowed: environment["NO_COLOR"] == nil
        )
    }

    /// The standard streams.
    enum Stream {
        case standardOutput
        case standardError
    }

    /// Whether `stream` is a terminal.
    func isTerminal(_ stream: Stream) -> Bool {
        stream == .standardOutput ? stdoutIsTerminal : stderrIsTerminal
    }

    /// The palette for `stream`: colours only when that very stream is a terminal, so that a redirected
    /// standard error never receives escape codes because standard output happens to be a terminal.
    func palette(for stream: Stream) -> Palette {
        Palette(enabled: coloursAllowed && isTerminal(stream))
    }

    enum Colour: String {
        case blue = "34"
        case green = "32"
        case yellow = "33"
        case red = "31"
        case bold = "1"
    }
}

/// Paints text in ANSI colours, or leaves it as it is.
struct Palette: Equatable {
    let enabled: Bool

    /// `text` in an ANSI colour when colours are on.
    func paint(_ text: String, _ colour: Terminal.Colour) -> String {
        enabled ? "\u{1B}[\(colour.rawValue)m\(text)\u{1B}[0m" : text
    }
}
