import HTTPTypes

extension Endpoint {
    /// This endpoint, pointed at the URL `target` names: a link that came with `response`.
    ///
    /// An endpoint holds a path relative to its ``Server``, not a URL, so the link's path and query
    /// become the endpoint's path (its query items are dropped, since the link's query replaces them),
    /// after taking off the server's base path: the part of the page's request path before the
    /// endpoint's own path.
    ///
    /// NOTE: the next request goes through the same client, to the same server, with the same
    /// credentials, so a link is only followed when it is on the page's origin; otherwise its path would
    /// be fetched from the wrong host, or a redirect's host would see our credentials.
    func following(link target: String, from response: ClientResponse) throws -> Endpoint {
        let page = response.request
        func refused(_ why: String) -> NetworkError {
            let shown = Redactor.default.redact(urlString: target)
            return NetworkError(.invalidURL, message: "the next page's link <\(shown)> \(why); no further page was requested.", response: response)
        }
        guard !page.options.crossesOrigin else {
            throw refused("came with a page that a redirect fetched from another origin")
        }
        guard let pageOrigin = Origin(page) else {
            throw refused("cannot be resolved: the page's request has no scheme and host")
        }
        guard let parts = FollowingRedirects.resolve(target, from: page) else {
            throw refused("is not a valid http or https URL")
        }
        let linked = ClientRequest(head: HTTPRequest(method: method, scheme: parts.scheme, authority: parts.authority, path: parts.pathAndQuery))
        guard Origin(linked) == pageOrigin else {
            throw refused("is on another origin than the page (\(pageOrigin.scheme)://\(pageOrigin.authority))")
        }
        let pagePath = (page.head.path ?? "/").prefix { $0 != "?" }
        let ownPath = path.appending(query: []).prefix { $0 != "?" }
        guard pagePath.hasSuffix(ownPath) else {
            throw refused("cannot be made relative to the server: the page's path \(pagePath) does not end with the endpoint's path \(ownPath)")
        }
        let basePath = pagePath.dropLast(ownPath.count)
        guard basePath.isEmpty || parts.pathAndQuery.hasPrefix(String(basePath) + "/") else {
            throw refused("is outside the server's base path \(basePath)")
        }
        var next = self
        next.path = "\(raw: String(parts.pathAndQuery.dropFirst(basePath.count)))"
        next.query = []
        return next
    }
}
