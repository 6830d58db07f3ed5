import ArgumentParser
import Courier
import CourierAsyncHTTPClient
import CourierOAuth
import Foundation

/// `courier send`: an HTTPie-style client built on the library, and the proof that it is pleasant to use.
struct SendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send an HTTP request and write the response body to standard output.",
        discussion: """
        Standard output gets the response body: its exact bytes, streamed,
        unless it goes to a terminal (there JSON is pretty-printed and binary
        is not shown). Compressed bodies are asked for and decoded. Heads,
        the status line, progress and errors go to standard error.

        Exit codes: 0 success (status < 400), 1 other failure, 2 timed out,
        3 connection failed, 4 a 4xx response, 5 a 5xx response, 6 too many
        or insecure redirects, 64 bad arguments or input. Colours appear only
        on a stream that is a terminal, never with NO_COLOR set.
        """
    )

    // The groups of HTTPie's help, in its order; each group's first entry shows one line of use.
    @OptionGroup(title: "Request items") var items: SendItemOptions
    @OptionGroup(title: "Output") var out: SendOutputOptions
    @OptionGroup(title: "Authentication") var credentials: SendAuthOptions
    @OptionGroup(title: "Network") var network: SendNetworkOptions
    @OptionGroup(title: "TLS") var tls: SendTLSOptions

    func run() async throws {
        let code: SendExitCode
        do {
            code = try await send(terminal: .current())
        } catch SendFailure.outputClosed {
            code = .failure
        } catch {
            try? FileDescriptorSink.standardError.write(SendErrorText.describe(error, verbose: out.verbose) + "\n")
            code = SendExitCode.forError(error)
        }
        if code != .success {
            throw ExitCode(code.rawValue)
        }
    }

    private func send(terminal: Terminal) async throws -> SendExitCode {
        let parts = try PrintParts.resolve(print: out.parts, bodyOnly: out.body, verbose: out.verbose, offline: out.offline)
        let request = try makeRequest(input: .current())
        if out.curl {
            try FileDescriptorSink.standardOutput.write(try await Self.inMemory(request).cURLDescription(redactor: Redactor.none) + "\n")
            return .success
        }
        if out.offline {
            guard !out.download else { throw SendFailure.usage("--offline sends nothing, so there is nothing to --download.") }
            let sink: any ByteSink = try out.output.map(FileDescriptorSink.creatingFile(at:)) ?? FileDescriptorSink.standardOutput
            try await SendOffline(parts: parts, toTerminal: out.output == nil && terminal.stdoutIsTerminal, palette: terminal.palette(for: .standardOutput)).print(request, to: sink)
            return .success
        }
        var configuration = try SendTransport.configuration(verify: tls.verify, certificate: tls.cert, certificateKey: tls.certKey)
        configuration.proxies = try SendTransport.proxies(proxy: network.proxy, noProxy: network.noproxy)
        configuration.httpVersion = network.httpVersion.transportVersion
        let transport = AsyncHTTPClientTransport(configuration: configuration)
        do {
            var exchange = SendExchange(parts: parts, terminal: terminal, streaming: out.stream, download: out.download, output: out.output)
            exchange.showsTimings = out.verbose
            exchange.quiet = out.quiet
            let oauth = try await credentials.oauthSession(http: Client(transport: transport))
            let code = try await exchange.run(request, client: try makeClient(transport, oauth: oauth, for: request))
            try await transport.shutdown()
            return code
        } catch {
            try? await transport.shutdown()
            throw error
        }
    }

    private func makeRequest(input: StandardInput) throws -> ClientRequest {
        let builder = try SendRequestBuilder(arguments: items.arguments, style: try items.style())
        var stdinBody: RequestBody?
        if input.isBody(ignored: items.ignoreStdin, hasDataItems: builder.hasDataItems), case .data(let length) = input {
            // Read once, as it is sent: a pipe cannot be rewound, so a retry or a 307 does not resend it.
            stdinBody = .singlePass(length: length, FileDescriptorChunks(descriptor: STDIN_FILENO))
        }
        var request = try builder.request(body: stdinBody)
        try credentials.authorize(&request, urlCredentials: builder.urlCredentials)
        if let timeout = try network.requestTimeout() {
            request.options.timeout = timeout
        }
        // Some APIs refuse requests without one (GitHub's answers 403); a `User-Agent:` item replaces it.
        if request.head.headerFields[.userAgent] == nil, !builder.removedHeaderNames.contains("user-agent") {
            try request.setHeader("User-Agent", Client.defaultUserAgent)
        }
        // The transport decodes gzip and deflate, so ask for them (as HTTPie does) — except for a file to
        // keep, which is saved as the server stores it, and for --curl, whose curl would not decode them.
        if request.head.headerFields[.acceptEncoding] == nil, !out.curl, !builder.removedHeaderNames.contains("accept-encoding") {
            try request.setHeader("Accept-Encoding", out.download ? "identity" : "gzip, deflate")
        }
        return request
    }

    /// The client: the AsyncHTTPClient transport, then retry, then the cache, then redirects, then OAuth (for the
    /// request's origin only) outermost.
    private func makeClient(_ transport: AsyncHTTPClientTransport, oauth: OAuthSession? = nil, for request: ClientRequest) throws -> Client {
        var client = Client(transport: transport)
        if out.verbose, network.retry > 0 || network.follow {
            client = client.with(SendTrace(sink: FileDescriptorSink.standardError))
        }
        if network.retry > 0 {
            client = client.retrying(.exponential(base: .milliseconds(200), maxAttempts: network.retry + 1))
        }
        if let cache = network.cache {
            client = client.caching(in: try DiskCacheStore(directory: URL(fileURLWithPath: cache)))
        }
        if network.follow {
            guard network.maxRedirects >= 0 else { throw SendFailure.usage("--max-redirects takes a number, 0 or more.") }
            // A jar for this one run, inside the redirects: a cookie one hop sets goes with the next, as
            // HTTPie and curl -L -b '' do.
            client = client.storingCookies().followingRedirects(RedirectPolicy(maxRedirects: network.maxRedirects))
        }
        if let oauth, let scheme = request.head.scheme, let authority = request.head.authority,
            let origin = URL(string: scheme + "://" + authority) {
            client = client.authorizing(with: oauth, for: origin)
        }
        return client
    }

    /// The request with a streamed body (multipart, standard input) read into memory, so that its cURL
    /// command carries the bytes rather than reading them from standard input.
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
