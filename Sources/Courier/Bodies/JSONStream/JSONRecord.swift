import Foundation

/// One framed JSON text of a ``JSONStream``, cut from the body but not yet decoded.
struct JSONRecord: Sendable, Equatable {
    /// The line (``JSONStreamFormat/lines``, counting every line, empty ones too) or the record
    /// (``JSONStreamFormat/textSequence``) this is, from 1.
    var number: Int
    /// The JSON text: without its line end, or without its RS and trailing LF.
    var data: Data
    /// `false` for a json-seq record that is truncated or not framed as RFC 7464 asks (bytes outside a
    /// record, a value followed by more than white space): such a record is skipped, not decoded.
    var isComplete: Bool
}
