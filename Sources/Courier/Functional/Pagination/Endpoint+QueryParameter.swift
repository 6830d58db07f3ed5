import Foundation

extension Endpoint {
    /// The value of the first query item named `name`, or `nil` when there is none (or it has no value).
    func queryValue(named name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// A copy whose query has exactly one item named `name`, set to `value`: in the place of the first
    /// existing one, or appended.
    func settingQueryItem(_ name: String, to value: String) -> Endpoint {
        var copy = self
        // NOTE: no item before the first match has the name, so its index survives the removal.
        let index = copy.query.firstIndex { $0.name == name } ?? copy.query.count
        copy.query.removeAll { $0.name == name }
        copy.query.insert(URLQueryItem(name: name, value: value), at: index)
        return copy
    }
}
