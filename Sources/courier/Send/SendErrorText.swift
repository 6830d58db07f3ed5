import Courier

/// The text `courier send` prints for a failure: the library's diagnosis, with the hints that name
/// library settings (written for Swift code) turned into the flags that change them here.
enum SendErrorText {
    /// One line that says what failed and where, in words, and the hint at what to do; with `verbose`, the
    /// whole diagnosis (the request, the response, the underlying error, the attempt) after that line.
    static func describe(_ error: any Error, verbose: Bool = false) -> String {
        guard let error = error as? NetworkError else { return "courier: \(error)" }
        let diagnosis = translatingHints(in: "\(error)")
        guard !verbose else { return "courier: " + diagnosis }
        let lines = diagnosis.split(separator: "\n", omittingEmptySubsequences: false)
        let hint = lines.first { $0.hasPrefix("  hint:") }
        return (["courier: " + (lines.first.map(String.init) ?? "")] + (hint.map { [String($0)] } ?? [])).joined(separator: "\n")
    }

    /// Each library phrase and what a command-line user does instead. Whole phrases, not single words, so
    /// that a URL or a server's message that happens to hold a setting's name is left alone.
    static let translations: [(library: String, commandLine: String)] = [
        ("raise RequestOptions.timeout or check the server", "raise --timeout or check the server"),
        ("raise RequestOptions.timeout if the body is large", "raise --timeout if the body is large"),
        ("add .followingRedirects() to the client (Client.standard has it), or accept 3xx in the endpoint's AcceptableStatus",
         "follow it with --follow (-F)"),
        ("raise RequestOptions.maxResponseBodySize if the size is expected",
         "the body was compressed past \(SendTransport.maxDecompressionRatio) times; send the header Accept-Encoding:identity to receive it as it is"),
        ("check the server's certificate and the trust settings of the transport",
         "check the server's certificate; --verify CA_FILE trusts a private CA, --verify no skips the check"),
        ("the request is relative; add .targeting(server) to the client", "give a whole URL, such as http://host/path or :3000/path"),
        ("allow it explicitly only if that is intended", "request the https URL instead if that is what you meant"),
        ("the server redirects in a loop or too often", "the server redirects in a loop or too often (--follow follows up to --max-redirects, 30 by default)"),
        ("use RequestBody.stream(_:) to make it replayable", "a body from standard input is sent once; --retry does not resend it"),
    ]

    static func translatingHints(in text: String) -> String {
        translations.reduce(text) { text, translation in
            text.replacingOccurrences(of: translation.library, with: translation.commandLine)
        }
    }
}
