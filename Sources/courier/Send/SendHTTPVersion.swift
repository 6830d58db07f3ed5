import ArgumentParser
import CourierAsyncHTTPClient

/// `--http2` and `--http1.1`, as curl spells them.
///
/// NOTE: `--http2` is the default, as in curl: HTTP/2 over TLS when the server offers it in the handshake, HTTP/1.1
/// otherwise. An `http://` URL stays HTTP/1.1 either way: AsyncHTTPClient speaks no cleartext HTTP/2 (h2c), and
/// curl too tries h2c only through an `Upgrade` most servers ignore. `-v` ends with the protocol used.
enum SendHTTPVersion: String, EnumerableFlag {
    case http2
    case http1_1

    static func name(for value: SendHTTPVersion) -> NameSpecification {
        switch value {
        case .http2: .customLong("http2")
        case .http1_1: .customLong("http1.1")
        }
    }

    static func help(for value: SendHTTPVersion) -> ArgumentHelp? {
        switch value {
        case .http2: "Speak HTTP/2 over TLS when the server offers it, else HTTP/1.1 (the default)."
        case .http1_1: "Speak HTTP/1.1 only."
        }
    }

    var transportVersion: AsyncHTTPClientTransport.Configuration.HTTPVersion {
        switch self {
        case .http2: .automatic
        case .http1_1: .http1Only
        }
    }
}
