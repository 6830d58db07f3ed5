import Foundation

/// An article of the blog platform.
public struct Article: Codable, Sendable, Equatable, Identifiable {
    /// The article's number.
    public var id: Int
    /// Its title.
    public var title: String
    /// Its tags.
    public var tags: [String]

    /// Creates an article.
    public init(id: Int, title: String, tags: [String]) {
        self.id = id
        self.title = title
        self.tags = tags
    }
}
