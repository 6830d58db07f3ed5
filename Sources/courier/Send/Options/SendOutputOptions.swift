import ArgumentParser

/// What `courier send` prints, and where the body goes.
struct SendOutputOptions: ParsableArguments {
    @Option(name: [.short, .customLong("print")], help: ArgumentHelp(
        "What to print: H request head, B request body, h response head, b response body.",
        discussion: "e.g. courier send -p Hh httpbin.org/get   (both heads, no body)"))
    var parts: String?

    @Flag(name: [.short, .long], help: "Print the whole exchange: the request head and body, the response head (to standard error) and body, then the timing of each phase.")
    var verbose = false

    @Flag(name: [.short, .long], help: "Print the response body only (no status line).")
    var body = false


    @Flag(name: [.short, .long], help: "Write no line to standard error for a failing status (the exit code still says it).")
    var quiet = false

    @Flag(name: [.short, .long], help: "Save the body to a file named by the server or the URL (or --output), with a progress bar on a terminal.")
    var download = false

    @Option(name: [.short, .long], help: "Write the response body, exactly, to this file instead of standard output.")
    var output: String?

    @Flag(name: [.customShort("S"), .long], help: "Show a text body on a terminal as it arrives, without formatting; a text/event-stream body as its events' data, one line per event, on a terminal or not.")
    var stream = false

    @Flag(help: "Build the request and print it without sending it.")
    var offline = false

    @Flag(help: "Print the equivalent curl command instead of sending.")
    var curl = false
}
