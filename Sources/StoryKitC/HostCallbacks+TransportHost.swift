import CStoryKit
import StoryKitCore

/// The host's `storykit_transport_fn` as a ``TransportHost``: each exchange is handed to it as
/// a `storykit_exchange *` (retained for the length of the call) with the request's JSON. The
/// call counting and stopping are in HostCallbacks.swift.
extension HostCallbacks: TransportHost {
    /// A ``HostTransport`` over these callbacks, taking bodies up to STORYKIT_MAX_INPUT_BYTES.
    var httpTransport: HostTransport { HostTransport(host: self, maxBodyBytes: Int(STORYKIT_MAX_INPUT_BYTES)) }

    func perform(_ request: String, through exchange: HostExchange) -> Int32 {
        guard let transport else {
            try? exchange.fail(GenerationError(.transport, detail: "no transport callback was given"))
            return STORYKIT_OK
        }
        let handle = Unmanaged.passRetained(exchange)
        defer { handle.release() }
        return request.withCString { transport(OpaquePointer(handle.toOpaque()), $0, userData) }
    }
}
