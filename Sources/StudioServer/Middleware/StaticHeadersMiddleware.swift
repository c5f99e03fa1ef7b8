import Vapor

/// Sets the headers the browser UI needs on static files and API answers.
///
/// - JavaScript (`.js`, `.mjs`) is `text/javascript; charset=utf-8`: browsers refuse to run an ES
///   module served with any other script type than a JavaScript MIME type, and Vapor's table has
///   no entry for `.mjs`.
/// - Static files get `Cache-Control: no-cache`: modules are imported by fixed URLs, so a
///   heuristically cached module would run stale code after an edit; `no-cache` revalidates by
///   ETag (a cheap 304).
/// - JSON answers get `Cache-Control: no-store` so that lists are never stale.
struct StaticHeadersMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let response = try await next.respond(to: request)
        let path = request.url.path
        if path.hasPrefix("/api/") {
            if response.headers.contentType == .json {
                response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
            }
            return response
        }
        guard [.ok, .partialContent, .notModified].contains(response.status) else { return response }
        if path.hasSuffix(".js") || path.hasSuffix(".mjs") {
            response.headers.contentType = HTTPMediaType(type: "text", subType: "javascript", parameters: ["charset": "utf-8"])
        }
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-cache")
        return response
    }
}
