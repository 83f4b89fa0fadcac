import CStoryKit
import StoryKitCore

/// A loaded profile's engine behind a `storykit_policy *`; immutable, so it needs no lock.
final class PolicyHandle: Sendable {
    let engine: PolicyEngine

    init(_ engine: PolicyEngine) {
        self.engine = engine
    }
}

@c @implementation
public func storykit_policy_evaluate_builtin(
    _ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ request_json: UnsafePointer<CChar>?
) -> storykit_status {
    answerJSON(out_json) { () throws(StoryKitError) in
        var request = try requestReader(request_json)
        return try PolicyRequest.evaluateWhole(&request)
    }
}

/// The old name of `storykit_policy_evaluate_builtin`, kept for one release.
@c @implementation
public func storykit_policy_evaluate(
    _ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ request_json: UnsafePointer<CChar>?
) -> storykit_status {
    storykit_policy_evaluate_builtin(out_json, request_json)
}

@c @implementation
public func storykit_policy_create(
    _ out: UnsafeMutablePointer<OpaquePointer?>?,
    _ profile_json: UnsafePointer<CChar>?
) -> storykit_status {
    withStatus { () throws(StoryKitError) in
        let output = try requireOutput(out, "out")
        guard let profile_json else { throw StoryKitError(.invalidArgument, "profile_json is NULL") }
        let profile = try PolicyProfile(json: jsonArgument(profile_json, "profile_json"))
        output.pointee = OpaquePointer(Unmanaged.passRetained(PolicyHandle(PolicyEngine(profile: profile))).toOpaque())
    }
}

@c @implementation
public func storykit_policy_evaluate_loaded(
    _ policy: OpaquePointer?,
    _ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ request_json: UnsafePointer<CChar>?
) -> storykit_status {
    answerJSON(out_json) { () throws(StoryKitError) in
        guard let policy else { throw StoryKitError(.invalidArgument, "policy is NULL") }
        let engine = Unmanaged<PolicyHandle>.fromOpaque(UnsafeRawPointer(policy)).takeUnretainedValue().engine
        var request = try requestReader(request_json)
        return try PolicyRequest.evaluateWhole(&request, loaded: engine)
    }
}

/// The old name of `storykit_policy_evaluate_loaded`, kept for one release.
@c @implementation
public func storykit_policy_eval(
    _ policy: OpaquePointer?,
    _ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ request_json: UnsafePointer<CChar>?
) -> storykit_status {
    storykit_policy_evaluate_loaded(policy, out_json, request_json)
}

@c @implementation
public func storykit_policy_free(_ policy: OpaquePointer?) {
    guard let policy else { return }
    Unmanaged<PolicyHandle>.fromOpaque(UnsafeRawPointer(policy)).release()
}
