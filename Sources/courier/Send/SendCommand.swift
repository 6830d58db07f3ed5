import ArgumentParser
import Courier
import CourierAsyncHTTPClient
import Foundation
import HTTPTypes

/// `courier send`: an HTTPie-style client built on the library, and the proof that it is pleasant to use.
struct SendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send an HTTP request and print the response body (JSON pretty-printed).",
        discussion: """
        Items, as HTTPie writes them:
          Header:Value     a request header
          name==value      a query parameter
          name=value       a text field of the body
          name:=json       a raw JSON field of the body
          name@path        a file part (multipart)
        With data items the method defaults to POST and the body to JSON.

        Exit codes: 0 success (status < 400), 1 other failure, 2 timed out, 3 connection failed,
        4 a 4xx response, 5 a 5xx response, 6 too many or insecure redirects, 64 bad arguments or input.
        Colours and the progress bar appear only on a terminal (never with NO_COLOR set).
        """
    )

    @Argument(help: "[METHOD] URL [items…]")
    var arguments: [String]

    @Flag(help: "Send data fields as a JSON object (the default).")
    var json = false

    @Flag(help: "Send data fields as application/x-www-form-urlencoded.")
    var form = false

    @Flag(help: "Send data fields and files as multipart/form-data.")
    var multipart = false

    @Option(help: "Send 'Authorization: Bearer <token>'.")
    var bearer: String?

    @Option(help: "Send HTTP basic credentials, user:password.")
    var basic: String?

    @Option(help: "Retry failed idempotent requests up to N times (exponential backoff).")
    var retry: Int = 0

    @Option(help: "Fail after this many seconds without a complete response.")
    var timeout: Double?

    @Flag(help: "Follow redirects (credentials never cross to another origin).")
    var follow = false

    @Option(help: "Cache responses (RFC 9111) in this directory.")
    var cache: String?

    @Option(help: "Save the body to this file, with a progress bar on a terminal.")
    var download: String?

    @Flag(help: "Print the request and response heads (secrets redacted) to standard error.")
    var verbose = false

    @Flag(help: "Print the equivalent curl command instead of sending.")
    var curl = false

    func run() async throws {
        let terminal = Terminal.current()
        let code: SendExitCode
        do {
            code = try await send(terminal: terminal)
        } catch {
            printError("courier: \(error)")
            code = SendExitCode.forError(error)
        }
        if code != .success {
            throw ExitCode(code.rawValue)
        }
    }

    private func send(terminal: Terminal) async throws -> SendExitCode {
        let request = try makeRequest()
        let output = SendOutput(terminal: terminal)
        if curl {
            print(try await Self.inMemory(request).cURLDescription(redactor: Redactor.none))
            return .success
        }
        if verbose { printError(output.requestHead(request) + "\n") }
        let transport = AsyncHTTPClientTransport()
        do {
            let code = try await exchange(request, client: try makeClient(transport), output: output, terminal: terminal)
            try await transport.shutdown()
            return code
        } catch {
            try? await transport.shutdown()
            throw error
        }
    }

    private func exchange(_ request: ClientRequest, client: Client, output: SendOutput, terminal: Terminal) async throws -> SendExitCode {
        if let download {
            let transfer = client.transfer(downloading: request, to: URL(fileURLWithPath: download), accepting: .any)
            let bar = ProgressBar()
            for await progress in transfer.progress where progress.direction == .download && terminal.stdoutIsTerminal {
                FileHandle.standardOutput.write(Data(bar.line(for: progress).utf8))
            }
            let response = try await transfer.value
            if terminal.stdoutIsTerminal { print("") }
            if verbose { printError(output.responseHead(response)) }
            printError("saved to \(download)")
            return SendExitCode.forStatus(response.status.code)
        }
        let response = try await client.send(request)
        let data = try await response.body.collect(upTo: response.request.options.maxResponseBodySize)
        if verbose { printError(output.responseHead(response) + "\n") }
        let text = output.body(data, contentType: response.head.headerFields[.contentType])
        if !text.isEmpty { print(text) }
        return SendExitCode.forStatus(response.status.code)
    }

    private func makeRequest() throws -> ClientRequest {
        let styles: [SendBodyStyle] = [(json, SendBodyStyle.json), (form, .form), (multipart, .multipart)].filter(\.0).map(\.1)
        guard styles.count <= 1 else { throw SendFailure.usage("choose one of --json, --form and --multipart.") }
        var request = try SendRequestBuilder(arguments: arguments, style: styles.first).request()
        if let bearer {
            try request.setHeader("Authorization", "Bearer \(bearer)")
        }
        if let basic {
            guard basic.contains(":") else { throw SendFailure.usage("--basic takes user:password.") }
            try request.setHeader("Authorization", "Basic \(Data(basic.utf8).base64EncodedString())")
        }
        if let timeout {
            guard timeout > 0, timeout.isFinite else { throw SendFailure.usage("--timeout takes a positive number of seconds.") }
            request.options.timeout = .milliseconds(Int64(timeout * 1000))
        }
        return request
    }

    /// The client: the AsyncHTTPClient transport, then retry, then the cache, then redirects outermost.
    private func makeClient(_ transport: AsyncHTTPClientTransport) throws -> Client {
        var client = Client(transport: transport)
        if retry > 0 {
            client = client.retrying(.exponential(base: .milliseconds(200), maxAttempts: retry + 1))
        }
        if let cache {
            client = client.caching(in: try DiskCacheStore(directory: URL(fileURLWithPath: cache)))
        }
        if follow {
            client = client.followingRedirects()
        }
        return client
    }

    /// The request with a streamed body (multipart) read into memory, so that its cURL command carries
    /// the bytes rather than reading them from standard input.
    private static func inMemory(_ request: ClientRequest) async throws -> ClientRequest {
        guard request.body.bufferedData == nil, request.body.fileURL == nil else { return request }
        var data = Data()
        for try await chunk in try request.body.chunks() {
            data.append(chunk)
        }
        var copy = request
        copy.body = .bytes(data)
        return copy
    }
}
