/// What the test server's `GET /profile` answers: a user whose favourite tag selects articles, for
/// tests of dependent requests (the profile first, then the articles it names).
public struct TestProfile: Codable, Sendable, Equatable {
    /// The user's name.
    public var name: String
    /// The tag whose articles the user reads first.
    public var favoriteTag: String

    /// Creates a profile.
    public init(name: String, favoriteTag: String) {
        self.name = name
        self.favoriteTag = favoriteTag
    }

    /// The profile the server answers with.
    public static let fixture = TestProfile(name: "Ada", favoriteTag: "concurrency")
}
