#if canImport(FoundationNetworking)
    @preconcurrency import Foundation
    @preconcurrency import FoundationNetworking
#else
    @preconcurrency import Foundation
#endif
import StoryKitCore

/// The delegate of one request: hands the response head to the awaiting task, then the body
/// chunks to the reader of ``HTTPBody``, and turns URLSession's errors into
/// ``GenerationError``s.
final class URLSessionExchange: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct State {
        var head: CheckedContinuation<HTTPStreamingResponse, any Error>?
        var writer: HTTPBody.Writer?
        var finished = false
    }

    private let state = LockedValue(State())

    /// Starts `task` and waits for the head of its response.
    func head(of task: URLSessionDataTask, session: URLSession) async throws(GenerationError) -> HTTPStreamingResponse {
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    let startNow: Bool = state.withLock { state in
                        guard !state.finished else { return false }
                        state.head = continuation
                        return true
                    }
                    if startNow {
                        task.resume()
                    } else {
                        continuation.resume(throwing: GenerationError(.cancelled, detail: "the request was cancelled"))
                    }
                }
            } onCancel: {
                task.cancel()
            }
        } catch let error as GenerationError {
            session.invalidateAndCancel()
            throw error
        } catch {
            session.invalidateAndCancel()
            throw GenerationError(.transport, detail: "\(error)")
        }
    }

    /// Redirects are never followed: a request and its key stay with the host asked. The
    /// 3xx answer then arrives as the response, and fails the call below.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let http = response as? HTTPURLResponse else {
            completionHandler(.cancel)
            return
        }
        if (300..<400).contains(http.statusCode) {
            let location = http.value(forHTTPHeaderField: "Location").flatMap { URL(string: $0)?.host } ?? "no host"
            let head = state.withLock { state in
                defer { state.head = nil }
                return state.head
            }
            head?.resume(
                throwing: GenerationError(
                    .transport,
                    detail:
                        "the server redirected the request (HTTP \(http.statusCode)) to \(location); redirects are not followed, so a request and its key never go to another host"
                ))
            completionHandler(.cancel)
            return
        }
        var fields: [HTTPHeaders.Field] = []
        for (name, value) in http.allHeaderFields {
            fields.append(HTTPHeaders.Field(name: "\(name)", value: "\(value)"))
        }
        let (body, writer) = HTTPBody.makeStream(onTermination: { [weak dataTask] in dataTask?.cancel() })
        let continuation: CheckedContinuation<HTTPStreamingResponse, any Error>? = state.withLock { state in
            state.writer = writer
            defer { state.head = nil }
            return state.head
        }
        continuation?.resume(
            returning: HTTPStreamingResponse(status: http.statusCode, headers: HTTPHeaders(fields), body: body))
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let writer = state.withLock({ $0.writer }) else { return }
        if !writer.write([UInt8](data)) { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let failure = error.map(Self.generationError)
        let (head, writer): (CheckedContinuation<HTTPStreamingResponse, any Error>?, HTTPBody.Writer?) = state.withLock
        { state in
            state.finished = true
            defer { state.head = nil; state.writer = nil }
            return (state.head, state.writer)
        }
        if let head {
            head.resume(
                throwing: failure ?? GenerationError(.transport, detail: "the connection ended before a response"))
        }
        writer?.finish(throwing: failure)
        session.finishTasksAndInvalidate()
    }

    /// URLSession's error as StoryKit's taxonomy.
    static func generationError(_ error: any Error) -> GenerationError {
        if let urlError = error as? URLError {
            switch urlError.code {
            case .timedOut:
                return GenerationError(
                    .timeout, detail: "no answer within the time limit (\(urlError.localizedDescription))")
            case .cancelled: return GenerationError(.cancelled, detail: "the request was cancelled")
            default:
                return GenerationError(
                    .transport, detail: "\(urlError.localizedDescription) (URLError \(urlError.code.rawValue))")
            }
        }
        return GenerationError(.transport, detail: "\(error)")
    }
}
