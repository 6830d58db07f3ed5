/// Why `courier send` stopped, other than a ``NetworkError`` from the library.
enum SendFailure: Error, CustomStringConvertible, Equatable {
    /// Bad arguments or input: exit 64 (EX_USAGE), as ArgumentParser's own validation errors.
    case usage(String)
    /// The body could not be written where it was going (a full disk, an unwritable `--output`): exit 1.
    case output(String)
    /// The reader of standard output went away (`courier send URL | head -c 10`): not worth a message,
    /// as for any command a pipe's reader stops early. Exit 1.
    case outputClosed

    var description: String {
        switch self {
        case .usage(let message), .output(let message): message
        case .outputClosed: "the reader of standard output closed it."
        }
    }
}
