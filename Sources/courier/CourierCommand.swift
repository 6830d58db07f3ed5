import ArgumentParser

/// `courier`: the command-line face of the library.
@main
struct CourierCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "courier",
        abstract: "A functional, composable HTTP client for Swift.",
        subcommands: [SendCommand.self, AuthCommand.self, GenerateCommand.self, MockCommand.self, DemoCommand.self]
    )
}
