import AsyncHTTPClient
import Courier
import NIOCore
import NIOSSL

extension AsyncHTTPClientTransport {
    /// Settings for the `HTTPClient` an ``AsyncHTTPClientTransport`` owns.
    ///
    /// That client never traces: a `Client`'s `tracing()` layer makes the span of each request and injects
    /// its context. AsyncHTTPClient's own tracing, on by default in a client made elsewhere, follows the
    /// tracer the application bootstrapped: with one, it would make a second span per request beside the
    /// layer's and add a second `traceparent` field; with none, it still costs 4–7 µs of CPU per request
    /// (BENCHMARKS.md, "Loopback load against nginx"). An application that bootstraps a tracer therefore gets
    /// spans for its requests only from a client with `tracing()`. To keep AsyncHTTPClient's own spans
    /// instead, make the `HTTPClient` yourself and pass it to
    /// ``AsyncHTTPClientTransport/init(client:decodesBodies:runsLayersOnEventLoops:)``.
    ///
    /// ```swift
    /// var configuration = AsyncHTTPClientTransport.Configuration()
    /// configuration.connectTimeout = .seconds(3)
    /// configuration.decompression = .enabled(maxRatio: 20)
    /// configuration.tls = .pinning(to: [try NIOSSLCertificate(file: "server.pem", format: .pem)])
    /// let transport = AsyncHTTPClientTransport(configuration: configuration)
    /// ```
    public struct Configuration: Sendable {
        /// How long establishing a connection (TCP and TLS) may take.
        public var connectTimeout: Duration
        /// The longest wait for the next bytes of a response; `nil` for none (a request's
        /// `RequestOptions.timeout` still bounds the whole exchange).
        public var readTimeout: Duration?
        /// Connections kept per host for HTTP/1.1; 8 by default, AsyncHTTPClient's own default and
        /// URLSession's, which a server shared with other clients expects. Raise it for many concurrent
        /// requests to one host you own: on loopback nginx at 64 concurrent requests, 64 connections
        /// gave ~9% more throughput than 8 (BENCHMARKS.md, "Pool size").
        public var maxConnectionsPerHost: Int
        /// How long an idle pooled connection is kept.
        public var idleConnectionTimeout: Duration
        /// Whether HTTP/2 is negotiated over TLS (`automatic`, the default) or only HTTP/1.1 is spoken.
        ///
        /// With `automatic`, a server that offers `h2` in the TLS handshake (ALPN) gets HTTP/2: every request to
        /// it shares one connection, up to the number of streams the server allows at once, and
        /// ``maxConnectionsPerHost`` does not apply. `http` URLs always use HTTP/1.1 (no cleartext HTTP/2).
        /// Choose `http1Only` for a server or proxy that mishandles HTTP/2, or to spread requests over several
        /// connections (and event loops) where one HTTP/2 connection is a bottleneck.
        public var httpVersion: HTTPVersion
        /// Whether compressed responses are decoded, and the limit that stops a decompression bomb.
        public var decompression: Decompression
        /// TLS settings: trust roots, client certificates, pinning. `nil` uses the system's trust store.
        public var tls: TLSConfiguration?
        /// The proxies requests go through, by scheme and host: `ProxySettings.none` (the default) sends
        /// every request directly; `try .environment()` reads `http_proxy`, `https_proxy`, `all_proxy` and
        /// `no_proxy` as curl does. AsyncHTTPClient opens a `CONNECT` tunnel through an HTTP proxy for `http`
        /// requests too (a proxy that allows `CONNECT` only to port 443 refuses them), and speaks SOCKS5 without
        /// credentials only: a request for a SOCKS5 proxy with credentials fails with `.unsupported`.
        public var proxies: ProxySettings = .none
        /// Public keys a TLS server must present one of, as base64 SHA-256 hashes of the certificate's
        /// SubjectPublicKeyInfo (`pin-sha256`); empty pins nothing. Checked after the usual verification
        /// (``tls`` must still trust the chain), before any request is written on the connection; a
        /// mismatch fails with `NetworkError.Kind.tlsFailure`.
        public var pinnedPublicKeys: Set<String> = []
        /// Whether a `Client` over this transport runs each request's layers on the event loop that does
        /// its I/O rather than on Swift's global concurrent executor; off by default.
        ///
        /// Measured on loopback (BENCHMARKS.md, "Layers on the event loop"): with several layers (the
        /// realistic stack) it saves thread hand-offs and gains throughput; with no layers it costs more than
        /// it saves, because every suspension then looks up the task's executor preference. Leave it off
        /// when any middleware blocks its thread (synchronous file or database work): on an event loop that
        /// stalls every connection of the loop.
        public var runsLayersOnEventLoops = false

        /// Creates a configuration; the defaults suit most servers and command-line tools.
        public init(
            connectTimeout: Duration = .seconds(10),
            readTimeout: Duration? = nil,
            maxConnectionsPerHost: Int = 8,
            idleConnectionTimeout: Duration = .seconds(60),
            httpVersion: HTTPVersion = .automatic,
            decompression: Decompression = .disabled,
            tls: TLSConfiguration? = nil,
            proxies: ProxySettings = .none
        ) {
            self.connectTimeout = connectTimeout
            self.readTimeout = readTimeout
            self.maxConnectionsPerHost = maxConnectionsPerHost
            self.idleConnectionTimeout = idleConnectionTimeout
            self.httpVersion = httpVersion
            self.decompression = decompression
            self.tls = tls
            self.proxies = proxies
        }

        /// Which HTTP versions may be used.
        public enum HTTPVersion: Sendable, Hashable {
            /// HTTP/1.1 only.
            case http1Only
            /// HTTP/2 when the server offers it over TLS, else HTTP/1.1.
            case automatic
        }

        /// Whether the transport decodes `Content-Encoding: gzip/deflate` itself.
        public enum Decompression: Sendable, Hashable {
            /// Bodies are delivered as they arrive, still encoded (the default).
            case disabled
            /// Bodies are decoded; decoding stops with `NetworkError.Kind.bodyTooLarge` when
            /// the decoded size passes `maxRatio` times the encoded size. A decoded response carries
            /// neither `Content-Encoding` nor `Content-Length`, which described the encoded bytes.
            case enabled(maxRatio: Int)
        }

        var httpClientConfiguration: HTTPClient.Configuration {
            makeHTTPClientConfiguration(through: nil)
        }

        /// The configuration of the client that reaches servers through `proxy`, or directly when `nil`.
        func makeHTTPClientConfiguration(through proxy: Courier.Proxy?) -> HTTPClient.Configuration {
            var configuration = HTTPClient.Configuration(
                tlsConfiguration: tls,
                redirectConfiguration: .disallow,
                timeout: .init(connect: TimeAmount(connectTimeout), read: readTimeout.map(TimeAmount.init)),
                connectionPool: .init(
                    idleTimeout: TimeAmount(idleConnectionTimeout),
                    concurrentHTTP1ConnectionsPerHostSoftLimit: maxConnectionsPerHost
                ),
                proxy: proxy.map(Self.proxy),
                decompression: {
                    switch decompression {
                    case .disabled: .disabled
                    case .enabled(let ratio): .enabled(limit: .ratio(ratio))
                    }
                }()
            )
            configuration.httpVersion = httpVersion == .http1Only ? .http1Only : .automatic
            if !pinnedPublicKeys.isEmpty {
                // NOTE: AsyncHTTPClient has no verification callback; these initializers run on each new
                // connection after its TLS handshake and before the pool hands it out.
                configuration.http1_1ConnectionDebugInitializer = PublicKeyPinning.verifier(for: pinnedPublicKeys)
            }
            // On HTTP/2, a stream the server did not process is told from one it reset (HTTP2StreamWatch).
            let verifier = pinnedPublicKeys.isEmpty ? nil : PublicKeyPinning.verifier(for: pinnedPublicKeys)
            configuration.http2ConnectionDebugInitializer = { channel in
                guard let verifier else { return HTTP2StreamWatch.watchConnection(channel) }
                return verifier(channel).flatMap { HTTP2StreamWatch.watchConnection(channel) }
            }
            configuration.http2StreamChannelDebugInitializer = HTTP2StreamWatch.watchStream
            // A refused connection fails the request at once, as on every transport; retry is the
            // retry middleware's decision, not the pool's.
            configuration.connectionPool.retryConnectionEstablishment = false
            // NOTE: tracing is the `tracing()` layer's; see the type's documentation.
            configuration.tracing.tracer = nil
            return configuration
        }

        /// `proxy` as AsyncHTTPClient says it; SOCKS5 credentials are refused before a client is made
        /// (`AsyncHTTPClientTransport.client(for:)`).
        private static func proxy(_ proxy: Courier.Proxy) -> HTTPClient.Configuration.Proxy {
            switch proxy.kind {
            case .http:
                .server(host: proxy.host, port: proxy.port, authorization: proxy.credentials.map { .basic(username: $0.username, password: $0.password) })
            case .socks5:
                .socksServer(host: proxy.host, port: proxy.port)
            }
        }
    }
}

extension TLSConfiguration {
    /// A client configuration that trusts exactly `certificates` (a server's own self-signed
    /// certificate, or the CA that issued it) and nothing else: certificate pinning. A server presenting
    /// any other chain fails with `NetworkError.Kind.tlsFailure`.
    ///
    /// To pin a public key instead (it survives a certificate's renewal), set
    /// ``AsyncHTTPClientTransport/Configuration/pinnedPublicKeys``.
    public static func pinning(to certificates: [NIOSSLCertificate]) -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.trustRoots = .certificates(certificates)
        return configuration
    }

    /// A client configuration that trusts the certificate authorities in `certificateAuthorities` — a
    /// company's private CA — besides the system's trust store, or instead of it.
    ///
    /// ```swift
    /// let ca = try NIOSSLCertificate.fromPEMFile("internal-ca.pem")
    /// let transport = AsyncHTTPClientTransport(configuration: .init(tls: .trusting(certificateAuthorities: ca)))
    /// ```
    public static func trusting(certificateAuthorities: [NIOSSLCertificate], includingSystemRoots: Bool = true) -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if includingSystemRoots {
            configuration.additionalTrustRoots = [.certificates(certificateAuthorities)]
        } else {
            configuration.trustRoots = .certificates(certificateAuthorities)
        }
        return configuration
    }

    /// A client configuration that presents `certificateChain` and `privateKey` to servers that ask for
    /// a client certificate (mutual TLS), trusting `trustRoots`.
    public static func clientCertificate(
        _ certificateChain: [NIOSSLCertificate],
        privateKey: NIOSSLPrivateKey,
        trustRoots: NIOSSLTrustRoots = .default
    ) -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateChain = certificateChain.map { .certificate($0) }
        configuration.privateKey = .privateKey(privateKey)
        configuration.trustRoots = trustRoots
        return configuration
    }
}
