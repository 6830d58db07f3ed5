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
        Items, as HTTPie writes them:
          Header:Value     a request header
          name==value      a query parameter
          name=value       a text field of the body
          name:=json       a raw JSON field of the body
          name@path        a file part (multipart)
          name=@path       a text field holding the file's content
          name:=@path      a raw JSON field holding the file's JSON
          Header:          removes the header (a default one too)
          Header;          sends the header with an empty value
        Nested JSON: user[name]=ada, tags[]:=1, points[0]=x; a name given
        twice makes an array. With data items the method defaults to POST
        and the body to JSON. Without them, standard input is the body when
        it is a pipe or a file (--ignore-stdin stops that).
        :3000/path means http://localhost:3000/path.

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

    @Argument(help: "[METHOD] URL [items…]")
    var arguments: [String]

    @Flag(name: [.short, .long], help: "Send data fields as a JSON object (the default).")
    var json = false

    @Flag(name: [.short, .long], help: "Send data fields as application/x-www-form-urlencoded.")
    var form = false

    @Flag(help: "Send data fields and files as multipart/form-data.")
    var multipart = false

    @Option(help: "Send 'Authorization: Bearer <token>'.")
    var bearer: String?

    @Option(help: "Send HTTP basic credentials, user:password.")
    var basic: String?

    @Option(name: [.short, .long], help: "Credentials, as HTTPie takes them: user:password (basic, the default), or a token with -A bearer.")
    var auth: String?

    @Option(name: [.customShort("A"), .customLong("auth-type")], help: "How -a is sent: basic (the default) or bearer.")
    var authType: String?

    @Option(help: "OAuth 2.0: the authorization server's issuer URL, for --oauth-client-credentials or --oauth-client-id.")
    var oauthIssuer: String?

    @Option(help: "OAuth 2.0 client credentials grant: client_id:client_secret (client_secret_basic); the token is fetched, kept in memory and refreshed on 401.")
    var oauthClientCredentials: String?

    @Option(help: "OAuth 2.0: use (and refresh) the tokens `courier auth login` kept for this client_id.")
    var oauthClientID: String?

    @Option(help: "OAuth 2.0: a scope to ask for (repeat it for more).")
    var oauthScope: [String] = []

    @Option(help: "OAuth 2.0: the token file of --oauth-client-id (default: courier auth's).")
    var oauthStore: String?

    @Option(help: "Retry failed idempotent requests up to N times (exponential backoff).")
    var retry: Int = 0

    @Option(help: "Fail after this many seconds without a complete response.")
    var timeout: Double?

    @Flag(name: [.customShort("F"), .long], help: "Follow redirects (credentials never cross to another origin).")
    var follow = false

    @Option(help: "With -F, follow at most this many redirects (30 by default, as HTTPie).")
    var maxRedirects: Int = 30

    @Option(help: "Cache responses (RFC 9111) in this directory.")
    var cache: String?

    @Flag(name: [.short, .long], help: "Save the body to a file named by the server or the URL (or --output), with a progress bar on a terminal.")
    var download = false

    @Option(name: [.short, .long], help: "Write the response body, exactly, to this file instead of standard output.")
    var output: String?

    @Flag(name: [.short, .long], help: "Print the whole exchange: the request head and body, the response head (to standard error) and body, then the timing of each phase.")
    var verbose = false

    @Flag(name: [.short, .long], help: "Print the response body only (no status line).")
    var body = false

    @Option(name: [.short, .customLong("print")], help: "What to print: H request head, B request body, h response head, b response body (e.g. -p Hh).")
    var parts: String?

    @Flag(name: [.short, .long], help: "Write no line to standard error for a failing status (the exit code still says it).")
    var quiet = false

    @Flag(help: "Build the request and print it without sending it.")
    var offline = false

    @Flag(name: [.customShort("S"), .long], help: "Show a text body on a terminal as it arrives, without formatting; a text/event-stream body as its events' data, one line per event, on a terminal or not.")
    var stream = false

    @Flag(help: "Never read standard input as the body.")
    var ignoreStdin = false

    @Option(help: "TLS: 'no' skips certificate verification; a PEM file of CAs to trust instead of the system's.")
    var verify: String?

    @Option(help: "TLS: a client certificate (PEM); its key too unless --cert-key is given.")
    var cert: String?

    @Option(help: "TLS: the private key (PEM) of --cert.")
    var certKey: String?

    @Option(name: [.customShort("x"), .long], help: "Send through this proxy: http://[user:password@]host[:port], socks5://host[:port] (instead of http_proxy, https_proxy and all_proxy, which are read as curl reads them).")
    var proxy: String?

    @Option(help: "Hosts reached without a proxy, comma-separated as in no_proxy ('*' for all; instead of no_proxy).")
    var noproxy: String?

    @Flag(help: "Print the equivalent curl command instead of sending.")
    var curl = false

    @Flag var httpVersion: SendHTTPVersion = .http2

    func run() async throws {
        let code: SendExitCode
        do {
            code = try await send(terminal: .current())
        } catch SendFailure.outputClosed {
            code = .failure
        } catch {
            try? FileDescriptorSink.standardError.write(SendErrorText.describe(error, verbose: verbose) + "\n")
            code = SendExitCode.forError(error)
        }
        if code != .success {
            throw ExitCode(code.rawValue)
        }
    }

    private func send(terminal: Terminal) async throws -> SendExitCode {
        let parts = try PrintParts.resolve(print: self.parts, bodyOnly: body, verbose: verbose, offline: offline)
        let request = try makeRequest(input: .current())
        if curl {
            try FileDescriptorSink.standardOutput.write(try await Self.inMemory(request).cURLDescription(redactor: Redactor.none) + "\n")
            return .success
        }
        if offline {
            guard !download else { throw SendFailure.usage("--offline sends nothing, so there is nothing to --download.") }
            let sink: any ByteSink = try output.map(FileDescriptorSink.creatingFile(at:)) ?? FileDescriptorSink.standardOutput
            try await SendOffline(parts: parts, toTerminal: output == nil && terminal.stdoutIsTerminal, palette: terminal.palette(for: .standardOutput)).print(request, to: sink)
            return .success
        }
        var configuration = try SendTransport.configuration(verify: verify, certificate: cert, certificateKey: certKey)
        configuration.proxies = try SendTransport.proxies(proxy: proxy, noProxy: noproxy)
        configuration.httpVersion = httpVersion.transportVersion
        let transport = AsyncHTTPClientTransport(configuration: configuration)
        do {
            var exchange = SendExchange(parts: parts, terminal: terminal, streaming: stream, download: download, output: output)
            exchange.showsTimings = verbose
            exchange.quiet = quiet
            let oauth = try await oauthSession(http: Client(transport: transport))
            let code = try await exchange.run(request, client: try makeClient(transport, oauth: oauth, for: request))
            try await transport.shutdown()
            return code
        } catch {
            try? await transport.shutdown()
            throw error
        }
    }

    private func makeRequest(input: StandardInput) throws -> ClientRequest {
        let styles: [SendBodyStyle] = [(json, SendBodyStyle.json), (form, .form), (multipart, .multipart)].filter(\.0).map(\.1)
        guard styles.count <= 1 else { throw SendFailure.usage("choose one of --json, --form and --multipart.") }
        let builder = try SendRequestBuilder(arguments: arguments, style: styles.first)
        var stdinBody: RequestBody?
        if input.isBody(ignored: ignoreStdin, hasDataItems: builder.hasDataItems), case .data(let length) = input {
            // Read once, as it is sent: a pipe cannot be rewound, so a retry or a 307 does not resend it.
            stdinBody = .singlePass(length: length, FileDescriptorChunks(descriptor: STDIN_FILENO))
        }
        var request = try builder.request(body: stdinBody)
        try authorize(&request, urlCredentials: builder.urlCredentials)
        if let timeout {
            // At most a year: beyond that `timeout * 1000` would not fit the milliseconds it becomes.
            guard timeout > 0, timeout <= 31_536_000 else { throw SendFailure.usage("--timeout takes a positive number of seconds, at most a year.") }
            request.options.timeout = .milliseconds(Int64(timeout * 1000))
        }
        // Some APIs refuse requests without one (GitHub's answers 403); a `User-Agent:` item replaces it.
        if request.head.headerFields[.userAgent] == nil, !builder.removedHeaderNames.contains("user-agent") {
            try request.setHeader("User-Agent", Client.defaultUserAgent)
        }
        // The transport decodes gzip and deflate, so ask for them (as HTTPie does) — except for a file to
        // keep, which is saved as the server stores it, and for --curl, whose curl would not decode them.
        if request.head.headerFields[.acceptEncoding] == nil, !curl, !builder.removedHeaderNames.contains("accept-encoding") {
            try request.setHeader("Accept-Encoding", download ? "identity" : "gzip, deflate")
        }
        return request
    }

    /// `Authorization` from `--bearer`, `--basic`, `-a` (with `-A`), or else the URL's `user:password@`, which
    /// HTTPie and curl also send as basic credentials (the library refuses userinfo in a URL; the command
    /// takes it off and sends it in the header).
    private func authorize(_ request: inout ClientRequest, urlCredentials: String?) throws {
        let given = [bearer != nil, basic != nil, auth != nil].filter { $0 }.count
        guard given <= 1 else { throw SendFailure.usage("choose one of --bearer, --basic and -a/--auth.") }
        guard authType == nil || auth != nil else { throw SendFailure.usage("-A/--auth-type says how -a/--auth is sent: give -a too.") }
        if let bearer {
            try request.setHeader("Authorization", "Bearer \(bearer)")
        } else if let credentials = basic ?? (authType?.lowercased() == "bearer" ? nil : auth) ?? urlCredentials {
            guard credentials.contains(":") else {
                throw SendFailure.usage("basic credentials are user:password (-a user:password, or -A bearer -a TOKEN for a token).")
            }
            try request.setHeader("Authorization", "Basic \(Data(credentials.utf8).base64EncodedString())")
        } else if let auth {
            guard authType?.lowercased() == "bearer" else {
                throw SendFailure.usage("-A/--auth-type takes basic or bearer.")
            }
            try request.setHeader("Authorization", "Bearer \(auth)")
        }
        if let authType, !["basic", "bearer"].contains(authType.lowercased()) {
            throw SendFailure.usage("-A/--auth-type takes basic or bearer.")
        }
    }

    /// The OAuth session the options ask for, its endpoints discovered from the issuer; `nil` without them.
    private func oauthSession(http: Client) async throws -> OAuthSession? {
        guard oauthClientCredentials != nil || oauthClientID != nil else {
            guard oauthIssuer == nil else { throw SendFailure.usage("--oauth-issuer needs --oauth-client-credentials id:secret or --oauth-client-id id.") }
            return nil
        }
        guard oauthClientCredentials == nil || oauthClientID == nil else {
            throw SendFailure.usage("choose one of --oauth-client-credentials and --oauth-client-id.")
        }
        guard let oauthIssuer, let issuer = URL(string: oauthIssuer), issuer.host != nil else {
            throw SendFailure.usage("--oauth-client-credentials and --oauth-client-id need --oauth-issuer URL (such as https://auth.example.com).")
        }
        let server = try await OAuthServerMetadata.discover(issuer: issuer, using: http)
        if let credentials = oauthClientCredentials {
            guard let colon = credentials.firstIndex(of: ":") else {
                throw SendFailure.usage("--oauth-client-credentials takes client_id:client_secret.")
            }
            let client = OAuthClientRegistration(
                id: String(credentials[..<colon]), authentication: .clientSecretBasic(String(credentials[credentials.index(after: colon)...])))
            return OAuthSession.clientCredentials(server: server, client: client, scopes: oauthScope, http: http)
        }
        let id = oauthClientID ?? ""
        return OAuthSession(
            server: server, client: OAuthClientRegistration(id: id), scopes: oauthScope,
            store: FileTokenStore(url: OAuthOptions.storeURL(oauthStore, issuer: issuer, clientID: id)), http: http)
    }

    /// The client: the AsyncHTTPClient transport, then retry, then the cache, then redirects, then OAuth (for the
    /// request's origin only) outermost.
    private func makeClient(_ transport: AsyncHTTPClientTransport, oauth: OAuthSession? = nil, for request: ClientRequest) throws -> Client {
        var client = Client(transport: transport)
        if verbose, retry > 0 || follow {
            client = client.with(SendTrace(sink: FileDescriptorSink.standardError))
        }
        if retry > 0 {
            client = client.retrying(.exponential(base: .milliseconds(200), maxAttempts: retry + 1))
        }
        if let cache {
            client = client.caching(in: try DiskCacheStore(directory: URL(fileURLWithPath: cache)))
        }
        if follow {
            guard maxRedirects >= 0 else { throw SendFailure.usage("--max-redirects takes a number, 0 or more.") }
            // A jar for this one run, inside the redirects: a cookie one hop sets goes with the next, as
            // HTTPie and curl -L -b '' do.
            client = client.storingCookies().followingRedirects(RedirectPolicy(maxRedirects: maxRedirects))
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
