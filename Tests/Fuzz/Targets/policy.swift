// Policy requests and profiles, through storykit_policy_evaluate_builtin and storykit_policy_create:
// every answer is strict JSON carrying the rule that decided, and the same request always
// gets the same answer.
import CStoryKit
import StoryKitCore

private let fieldRequest =
    #"{"domain":"writingTools","platform":{"os":"iOS","version":"26.0","appleIntelligence":"enabled"},"field":{"id":"fuzz.field","kind":"longText"}}"#

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPolicies(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let asProfile = input.choice(below: 2) == 1
    let text = input.rest

    if asProfile {
        var policy: OpaquePointer?
        let created = withCString(text) { storykit_policy_create(&policy, $0) }
        requireInputStatus(created, "storykit_policy_create")
        require(
            (created == STORYKIT_OK) == (policy != nil),
            "storykit_policy_create answered \(created) with policy \(String(describing: policy))")
        guard let policy else { return 0 }
        defer { storykit_policy_free(policy) }
        let decided = answer { storykit_policy_evaluate_loaded(policy, $0, fieldRequest) }
        requireInputStatus(decided.status, "storykit_policy_evaluate_loaded")
        guard let output = decided.bytes else { return 0 }
        let decision = requireDecision(output)
        let behaviors: Set<JSONValue> = ["complete", "limited", "disabled"]
        require(decision["behavior"].map(behaviors.contains) ?? false, "a Writing Tools decision without a behavior")
        require(
            decision["rule"]?.stringValue != nil && decision["reason"]?.stringValue != nil,
            "a decision without rule or reason")
        return 0
    }

    let decided = withCString(text) { request in answer { storykit_policy_evaluate_builtin($0, request) } }
    requireInputStatus(decided.status, "storykit_policy_evaluate_builtin")
    guard let output = decided.bytes else { return 0 }
    requireDecision(output)
    let again = withCString(text) { request in answer { storykit_policy_evaluate_builtin($0, request) } }
    require(again == decided, "the same request got another answer")
    return 0
}

@discardableResult
private func requireDecision(_ output: [UInt8]) -> JSONValue {
    let decision = requireJSON(output, "a policy decision")
    require(decision.objectValue != nil, "a decision that is not an object")
    return decision
}
