/// One step of an exchange followed as a single stream: how far it has got, or its result.
///
/// What ``TransferEvents`` yields: any number of ``progress(_:)`` events, then exactly one ``value(_:)``,
/// then the end.
///
/// ```swift
/// for try await event in client.transferEvents(Endpoint<Data>(path: "/backups/latest.tar")) {
///     switch event {
///     case .progress(let progress): print(progress.fractionCompleted ?? 0)
///     case .value(let backup): try backup.write(to: destination)
///     }
/// }
/// ```
public enum TransferEvent<Value: Sendable>: Sendable {
    /// How far the upload or the download has got: per direction, each event counts more bytes than the
    /// one before.
    case progress(TransferProgress)
    /// The result of the exchange: the last event.
    case value(Value)
}

extension TransferEvent: Equatable where Value: Equatable {}

extension TransferEvent: Hashable where Value: Hashable {}
