import Courier
import CourierAsyncHTTPClient
import Foundation
import NIOSSL

/// The transport `courier send` talks through: AsyncHTTPClient, decoding compressed bodies (it asks for
/// them with `Accept-Encoding`, as HTTPie does), with the TLS settings of `--verify`, `--cert` and
/// `--cert-key`.
enum SendTransport {
    /// How many times its compressed size a decoded body may grow before decoding stops. Generous: the
    /// body streams to its destination in bounded memory, so this only stops an endless decompression bomb.
    static let maxDecompressionRatio = 10_000

    static func configuration(verify: String?, certificate: String?, certificateKey: String?) throws -> AsyncHTTPClientTransport.Configuration {
        var configuration = AsyncHTTPClientTransport.Configuration(decompression: .enabled(maxRatio: maxDecompressionRatio))
        configuration.tls = try tls(verify: verify, certificate: certificate, certificateKey: certificateKey)
        return configuration
    }

    /// The proxies of the environment, read as curl reads them, with `--proxy` in place of the proxy variables and
    /// `--noproxy` in place of `no_proxy`.
    static func proxies(proxy: String?, noProxy: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> ProxySettings {
        var settings: ProxySettings
        do {
            settings = try .environment(environment)
        } catch {
            throw SendFailure.usage(error.message ?? error.kind.description)
        }
        if let proxy {
            do {
                let chosen = try Proxy(url: proxy)
                settings.http = chosen
                settings.https = chosen
            } catch {
                throw SendFailure.usage("--proxy: \(error.message ?? error.kind.description)")
            }
        }
        if let noProxy {
            settings.bypass = ProxyBypass(list: noProxy)
        }
        return settings
    }

    /// `nil` (the system's trust store, no client certificate) unless a flag changes something.
    static func tls(verify: String?, certificate: String?, certificateKey: String?) throws -> TLSConfiguration? {
        guard verify != nil || certificate != nil else {
            if certificateKey != nil { throw SendFailure.usage("--cert-key goes with --cert.") }
            return nil
        }
        var tls = TLSConfiguration.makeClientConfiguration()
        switch verify?.lowercased() {
        case nil, "yes", "true":
            break
        case "no", "false":
            tls.certificateVerification = .none
        default:
            // As curl's --cacert and HTTPie's --verify=FILE: these authorities instead of the system's.
            tls.trustRoots = .certificates(try load("--verify", verify!) { try NIOSSLCertificate.fromPEMFile($0) })
        }
        if let certificate {
            tls.certificateChain = try load("--cert", certificate) { try NIOSSLCertificate.fromPEMFile($0) }.map { .certificate($0) }
            // Without --cert-key the key is looked for in the certificate's own file, as HTTPie does.
            let keyFile = certificateKey ?? certificate
            tls.privateKey = .privateKey(try load(certificateKey == nil ? "--cert" : "--cert-key", keyFile) {
                try NIOSSLPrivateKey(file: $0, format: .pem)
            })
        } else if certificateKey != nil {
            throw SendFailure.usage("--cert-key goes with --cert.")
        }
        return tls
    }

    /// `read(path)`, or a usage error naming the flag and the file.
    private static func load<Value>(_ flag: String, _ path: String, _ read: (String) throws -> Value) throws -> Value {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw SendFailure.usage("\(flag): cannot read '\(path)'.")
        }
        do {
            let value = try read(path)
            if let list = value as? [Any], list.isEmpty { throw SendFailure.usage("\(flag): '\(path)' holds no PEM certificate.") }
            return value
        } catch let failure as SendFailure {
            throw failure
        } catch {
            throw SendFailure.usage("\(flag): '\(path)' cannot be read as PEM (\(error)).")
        }
    }
}
