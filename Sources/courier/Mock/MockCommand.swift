import ArgumentParser
import CourierGenerator
import Foundation

/// `courier mock`: serves an OpenAPI document's examples on a local port and checks every request against it.
struct MockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mock",
        abstract: "Serve an OpenAPI document's examples on a local port, checking every request against the document.",
        discussion: """
        Every operation answers its documented success (the lowest 2xx) with the
        example of its media type: `example`, the first of `examples`, the
        schema's `example`, or one made from the schema. As in Prism, a request
        chooses another documented response or a named example with a header:

            Prefer: code=404
            Prefer: example=cat

        Each request is checked against the document first: path, query, header
        and cookie parameters (required, type, enum, format), the body's content
        type and a JSON or form body against its schema. A request that does not
        match is answered 400 with every problem at its JSON pointer:

            {"error":"request does not match the document",
             "problems":[{"at":"/body/name","problem":"expected string, got 42"}]}

        An unknown path is 404; a documented path with another method, 405.

        The first line on standard output is the URL it listens on (with
        --port 0 the system chooses the port), so a script can read it; one
        line per request goes to standard error. Stop it with Ctrl-C.

        Exit codes: 0 stopped, 1 the document cannot be read or the port
        cannot be used, 64 bad arguments.
        """
    )

    @Argument(help: "The OpenAPI document (YAML or JSON).")
    var spec: String

    @Option(help: "The port to listen on; 0 lets the system choose a free one.")
    var port: Int = 8080

    @Option(help: "The address to listen on.")
    var host: String = "127.0.0.1"

    @Flag(help: "Print nothing per request.")
    var quiet = false

    func validate() throws {
        guard (0...65535).contains(port) else {
            throw ValidationError("--port must be a number from 0 to 65535")
        }
        guard !host.isEmpty else {
            throw ValidationError("--host must not be empty")
        }
    }

    func run() async throws {
        let contract: APIContract
        do {
            contract = try APIContract(contentsOf: URL(fileURLWithPath: spec))
        } catch let error as GenerationError {
            for diagnostic in error.diagnostics { GenerateCommand.printError(diagnostic.description) }
            throw ExitCode(1)
        }
        let quiet = quiet
        let server: MockServer
        do {
            server = try await MockServer.start(contract: contract, host: host, port: port, stopsOnSignals: true) { line in
                if !quiet { GenerateCommand.printError(line) }
            }
        } catch {
            GenerateCommand.printError("error: cannot listen on \(host):\(port): \(error)")
            throw ExitCode(1)
        }
        // Unbuffered, so a script reading the pipe sees the URL at once.
        FileHandle.standardOutput.write(Data((server.baseURL + "\n").utf8))
        GenerateCommand.printError(
            "Mocking \"\(contract.title)\" (\(GenerateCommand.count(contract.operationCount, "operation"))) at \(server.baseURL); Ctrl-C stops it")
        // Returns once SIGINT or SIGTERM has shut the server down gracefully.
        try await server.wait()
    }
}
