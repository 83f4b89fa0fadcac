/// What ``IllustrationService`` made.
public struct IllustrationOutcome: Sendable, Hashable {
    /// The saved images, in the service's order.
    public var illustrations: [Illustration]
    /// One entry per image the service withheld: its reason, when it gave one.
    public var filteredReasons: [String?]
    /// The prompt the images were drawn from.
    public var prompt: Prompt

    /// `{"illustrations":[{Illustration}...],"filtered":[reason|null...],"prompt":"..."}`; each
    /// illustration also carries its `fileName`.
    public var json: JSONValue {
        [
            "illustrations": .array(illustrations.map(\.jsonWithFileName)),
            "filtered": .array(filteredReasons.map { $0.map(JSONValue.string) ?? .null }),
            "prompt": .string(prompt.prompt)
        ]
    }
}
