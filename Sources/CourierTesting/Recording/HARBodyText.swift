import Courier
import Foundation

/// Body bytes as a HAR file holds them: UTF-8 text with secrets scrubbed, or base64.
///
/// NOTE: the recorder and the replayer both go through ``init(_:redactor:)``, so a request body can be
/// compared with a recorded one in the form the file holds (scrubbed values compare equal).
struct HARBodyText: Hashable {
    /// The text, or the base64 of the bytes.
    var text: String
    /// Whether ``text`` is base64.
    var isBase64: Bool

    /// `text` when `data` is UTF-8 without NUL bytes (scrubbed with `redactor`), base64 otherwise.
    init(_ data: Data, redactor: Redactor) {
        if let text = String(validating: data, as: UTF8.self), !text.contains("\0") {
            self.text = redactor.scrub(text)
            isBase64 = false
        } else {
            text = data.base64EncodedString()
            isBase64 = true
        }
    }

    /// What a recorded body's `text` and `encoding` fields hold, re-scrubbed with `redactor` so that a
    /// file written by another tool compares with a request the same way; `nil` for bad base64.
    init?(text: String, encoding: String?, redactor: Redactor) {
        guard encoding == "base64" else {
            self.init(Data(text.utf8), redactor: redactor)
            return
        }
        guard let data = Data(base64Encoded: text) else { return nil }
        self.init(data, redactor: redactor)
    }

    /// The `encoding` field for this text.
    var encoding: String? { isBase64 ? "base64" : nil }

    /// The bytes a recorded `text` stands for, or `nil` when base64 text does not decode.
    static func bytes(text: String?, encoding: String?) -> Data? {
        guard let text else { return Data() }
        return encoding == "base64" ? Data(base64Encoded: text) : Data(text.utf8)
    }
}
