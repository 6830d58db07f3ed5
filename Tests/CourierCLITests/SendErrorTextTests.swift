import Courier
import Foundation
import Testing
@testable import courier

@Suite("Errors as courier send prints them: hints name its flags, not library settings")
struct SendErrorTextTests {
    @Test("a timeout's hint says --timeout, where the library says RequestOptions.timeout")
    func timeout() throws {
        var request = try ClientRequest(url: "http://127.0.0.1:9/slow")
        request.options.timeout = .milliseconds(200)
        let text = SendErrorText.describe(NetworkError(.timedOut, request: request))
        #expect(text.hasPrefix("courier: the request timed out.\n"))
        #expect(text.split(separator: "\n").count == 2, "one line, then the hint; the details need -v")
        #expect(SendErrorText.describe(NetworkError(.timedOut, request: request), verbose: true).contains("  request:  GET http://127.0.0.1:9/slow"))
        #expect(text.hasSuffix("hint:     the server did not answer in time (200 ms); raise --timeout or check the server."))
        #expect(!text.contains("RequestOptions"))
    }

    @Test("every hint that names a library setting is translated", arguments: [
        NetworkError.Kind.timedOut, .bodyTooLarge, .tlsFailure, .insecureRedirect, .tooManyRedirects,
    ])
    func translated(kind: NetworkError.Kind) throws {
        let text = SendErrorText.describe(NetworkError(kind, request: try ClientRequest(url: "https://example.com/")))
        for library in ["RequestOptions", "maxResponseBodySize", "the transport", "AcceptableStatus", ".targeting"] {
            #expect(!text.contains(library), "\(kind): \(text)")
        }
    }

    @Test("the TLS hint points at --verify")
    func tls() throws {
        let text = SendErrorText.describe(NetworkError(.tlsFailure, request: try ClientRequest(url: "https://example.com/")))
        #expect(text.hasSuffix("hint:     check the server's certificate; --verify CA_FILE trusts a private CA, --verify no skips the check."))
    }

    @Test("a usage error is printed as it is")
    func usage() {
        #expect(SendErrorText.describe(SendFailure.usage("--basic takes user:password.")) == "courier: --basic takes user:password.")
    }
}
