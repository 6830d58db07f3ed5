import ArgumentParser
import Courier

/// How `courier send` reaches the server: redirects, retries, time limits, the cache, proxies, the HTTP version.
struct SendNetworkOptions: ParsableArguments {
    @Flag(name: [.customShort("F"), .long], help: ArgumentHelp(
        "Follow redirects (credentials never cross to another origin).",
        discussion: "e.g. courier send -F --retry 2 --timeout 5 httpbin.org/redirect/3"))
    var follow = false

    @Option(help: "With -F, follow at most this many redirects (HTTPie's limit too).")
    var maxRedirects: Int = 30

    @Option(help: "Retry failed idempotent requests up to N times (exponential backoff).")
    var retry: Int = 0

    @Option(help: "Fail after this many seconds without a complete response.")
    var timeout: Double?

    @Option(help: "Cache responses (RFC 9111) in this directory.")
    var cache: String?

    @Option(name: [.customShort("x"), .long], help: "Send through this proxy: http://[user:password@]host[:port], socks5://host[:port] (instead of http_proxy, https_proxy and all_proxy, which are read as curl reads them).")
    var proxy: String?

    @Option(help: "Hosts reached without a proxy, comma-separated as in no_proxy ('*' for all; instead of no_proxy).")
    var noproxy: String?

    @Flag var httpVersion: SendHTTPVersion = .http2

    /// `--timeout` as the request option it sets; `nil` without one.
    func requestTimeout() throws -> Duration? {
        guard let timeout else { return nil }
        // At most a year: beyond that `timeout * 1000` would not fit the milliseconds it becomes.
        guard timeout > 0, timeout <= 31_536_000 else { throw SendFailure.usage("--timeout takes a positive number of seconds, at most a year.") }
        return .milliseconds(Int64(timeout * 1000))
    }
}
