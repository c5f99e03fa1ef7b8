import Vapor

/// Turns every error into `{"error": "what is wrong"}` with its status, replacing Vapor's
/// `ErrorMiddleware` (whose body is `{"error": true, "reason": …}`).
///
/// `AbortError`s carry their status and reason; a `DecodingError` is the client's fault (400);
/// anything else is a bug: logged with the request, answered 500 without internals.
struct JSONErrorMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch {
            return Self.response(for: error, to: request)
        }
    }

    /// Plain JSON: `"Nothing at GET /x."`, not `"Nothing at GET \/x."`.
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return encoder
    }()

    static func response(for error: any Error, to request: Request) -> Response {
        let status: HTTPResponseStatus
        var headers = HTTPHeaders()
        let message: String
        switch error {
        case let abort as any AbortError:
            status = abort.status
            headers = abort.headers
            if abort.status == .notFound, abort.reason == abort.status.reasonPhrase {
                // The router's own 404 says only "Not Found".
                message = "Nothing at \(request.method.rawValue) \(request.url.path)."
            } else {
                message = abort.reason
            }
        case let decoding as DecodingError:
            status = .badRequest
            message = "Malformed request: \(decoding)"
        default:
            status = .internalServerError
            message = "Internal server error."
        }
        if status.code >= 500 {
            request.logger.error("\(request.method.rawValue) \(request.url.path) failed: \(String(reflecting: error))")
        } else {
            request.logger.debug("\(request.method.rawValue) \(request.url.path) -> \(status.code): \(message)")
        }
        headers.contentType = .json
        let body = (try? encoder.encode(ErrorResponse(error: message))) ?? Data(#"{"error":"Internal server error."}"#.utf8)
        return Response(status: status, headers: headers, body: .init(data: body))
    }
}
