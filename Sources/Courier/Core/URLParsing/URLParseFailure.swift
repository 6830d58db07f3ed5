/// Why a URL string was refused: the end of a sentence that starts "'…' is not a valid URL: ".
///
/// The parts of the parser throw this; ``URLStringParser`` turns it into a ``NetworkError`` of kind
/// ``NetworkError/Kind/invalidURL`` that shows the input, redacted.
struct URLParseFailure: Error, Equatable {
    /// The reason, such as "it has no host".
    let reason: String
    /// The input as it may be printed, when the parser knows better than ``Redactor`` what to hide
    /// (userinfo after `http:` without `//`, or after backslashes).
    var shownInput: String?

    init(_ reason: String, shownInput: String? = nil) {
        self.reason = reason
        self.shownInput = shownInput
    }
}
