/// The build a program runs as, which chooses the half of ``ErrorHandlers`` that handles an error: a
/// ``debug`` build shows the whole diagnosis, a ``release`` build a message for the person using it.
public enum BuildConfiguration: Sendable, Hashable {
    /// A development build: errors show their full, redacted diagnosis.
    case debug
    /// A build for the people who use the app: errors show a short message from ``UserFacingMessages``.
    case release

    /// ``debug`` when `DEBUG` is defined, else ``release``.
    ///
    /// NOTE: `#if DEBUG` is read where Courier is compiled. SwiftPM and Xcode build a package in the
    /// configuration of the app that uses it, so this is the app's own; an app that links a Courier built
    /// otherwise (a prebuilt binary) passes its own `configuration` to ``ErrorHandlers``.
    public static var current: BuildConfiguration {
        #if DEBUG
        return .debug
        #else
        return .release
        #endif
    }
}
