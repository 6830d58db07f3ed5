import AsyncHTTPClient
import Courier
import Foundation
import NIOCore
import NIOHTTP2
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix
import NIOSOCKS
import NIOSSL

extension NetworkError {
    /// An AsyncHTTPClient or SwiftNIO error as a `NetworkError`, with the kinds `URLSessionTransport`
    /// gives for the same situations.
    ///
    /// - Parameters:
    ///   - cancelled: whether the calling task was cancelled, which is then the cause.
    ///   - shutDown: whether the transport was shut down: AsyncHTTPClient cancels the requests in flight
    ///     when it shuts down, and they fail as `shutdown`, as documented.
    static func fromAsyncHTTPClient(_ error: any Error, request: ClientRequest, cancelled: Bool, shutDown: Bool = false) -> NetworkError {
        if let error = error as? NetworkError {
            return NetworkError.wrapping(error, request: request)
        }
        let kind = cancelled ? .cancelled : Self.kind(of: error)
        if kind == .cancelled, !cancelled, shutDown {
            return NetworkError(.shutdown, message: "the transport was shut down while the request was in flight.", request: request, underlying: error)
        }
        let sentence = TransportFailureWords.sentence(kind, authority: request.head.authority, underlying: String(describing: error))
        return NetworkError(kind, message: sentence, request: request, underlying: error)
    }

    private static func kind(of error: any Error) -> Kind {
        switch error {
        case let error as HTTPClientError:
            return kind(of: error)
        case is NIOConnectionError:
            return .cannotConnect
        case let error as IOError:
            return kind(ofErrno: error.errnoCode)
        case let error as ChannelError:
            switch error {
            case .connectTimeout: return .timedOut
            case .ioOnClosedChannel, .alreadyClosed, .eof, .outputClosed, .inputClosed: return .connectionClosed
            default: return .transportFailed
            }
        case is NIOSSLError, is BoringSSLError, is NIOSSLExtraError, is PublicKeyPinMismatch:
            return .tlsFailure
        case let error as HTTPParserError:
            // The connection ended in the middle of a message: the same fault libcurl calls
            // "transfer closed with bytes remaining".
            return error == .invalidEOFState ? .connectionClosed : .invalidResponse
        case let error as NIOHTTPDecompression.DecompressionError:
            // Past the ratio limit is a body too large; anything else is a corrupt encoding.
            return error == .limit ? .bodyTooLarge : .invalidResponse
        case is CancellationError:
            return .cancelled
        case let error as NIOHTTP2Errors.StreamClosed:
            return .streamReset(code: name(of: error.errorCode))
        case is UnprocessedStream:
            // Reached only when the transport could not send it again (a body that cannot be replayed).
            return .connectionClosed
        case is SOCKSError.ConnectionFailed, is SOCKSError.NoValidAuthenticationMethod, is SOCKSError.InvalidAuthenticationSelection:
            return .proxyFailed(status: nil)
        default:
            return .transportFailed
        }
    }

    private static func kind(of error: HTTPClientError) -> Kind {
        switch error {
        case .connectTimeout, .readTimeout, .writeTimeout, .deadlineExceeded, .tlsHandshakeTimeout,
             .getConnectionFromPoolTimeout, .socksHandshakeTimeout, .httpProxyHandshakeTimeout:
            return .timedOut
        case .remoteConnectionClosed:
            return .connectionClosed
        case .cancelled, .requestStreamCancelled:
            return .cancelled
        case .alreadyShutdown:
            return .shutdown
        case .invalidURL, .emptyHost, .emptyScheme, .missingSocketPath:
            return .invalidURL
        case .bodyLengthMismatch:
            return .invalidBody
        case .proxyAuthenticationRequired:
            return .proxyFailed(status: 407)
        case .invalidProxyResponse:
            // NOTE: AsyncHTTPClient keeps the status the proxy answered `CONNECT` with to itself.
            return .proxyFailed(status: nil)
        case .identityCodingIncorrectlyPresent, .contentLengthMissing:
            return .invalidResponse
        default:
            if error.shortDescription.hasPrefix("unsupportedScheme") { return .invalidURL }
            return .transportFailed
        }
    }

    private static func kind(ofErrno code: CInt) -> Kind {
        switch code {
        // NOTE: only a refusal and a missing local address are sure to come from a connect. NIO reports a failed
        // connect as a `NIOConnectionError` (above); a bare `IOError` with an unreachable host or network can also
        // end a connection that was open, after bytes went out, and `cannotConnect` promises they did not (a retry
        // sends a POST again on it).
        case ECONNREFUSED, EADDRNOTAVAIL: return .cannotConnect
        case ECONNRESET, EPIPE, ECONNABORTED, EHOSTUNREACH, ENETUNREACH: return .connectionClosed
        case ETIMEDOUT: return .timedOut
        default: return .transportFailed
        }
    }
}

extension NetworkError {
    /// The name RFC 9113 §7 gives an HTTP/2 error code; a code it does not define, in hex.
    static func name(of code: NIOHTTP2.HTTP2ErrorCode) -> String {
        let names = [
            "NO_ERROR", "PROTOCOL_ERROR", "INTERNAL_ERROR", "FLOW_CONTROL_ERROR", "SETTINGS_TIMEOUT", "STREAM_CLOSED",
            "FRAME_SIZE_ERROR", "REFUSED_STREAM", "CANCEL", "COMPRESSION_ERROR", "CONNECT_ERROR", "ENHANCE_YOUR_CALM",
            "INADEQUATE_SECURITY", "HTTP_1_1_REQUIRED",
        ]
        return names.indices.contains(code.networkCode) ? names[code.networkCode] : "0x" + String(code.networkCode, radix: 16)
    }
}
