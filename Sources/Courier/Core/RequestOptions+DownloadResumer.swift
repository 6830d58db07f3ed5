/// The request option that carries a ``DownloadResumerSlot``: a download run sets it, and the retrying layer
/// that sees it offers its loop to resume the transfer.
///
/// NOTE: declared in the core because two folders read it (Transfers sets it, Middleware/Retry reads it).
enum DownloadResumerSlotKey: RequestOptionKey {
    static let defaultValue: DownloadResumerSlot? = nil
}
