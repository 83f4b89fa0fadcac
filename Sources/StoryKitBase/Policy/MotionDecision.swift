/// How an animation may run.
public struct MotionDecision: Sendable, Hashable {
    /// How the animation looks.
    public enum Style: String, Sendable, Hashable, CaseIterable {
        /// The animation as designed.
        case standard
        /// A cross-fade in place of movement.
        case crossfade
        /// No animation.
        case none
    }

    /// The longest a feedback or transition animation may take, in seconds.
    public static let maxBriefDuration = 0.3

    /// Whether the animation may run.
    public var allowed: Bool
    /// The duration to use, in seconds; 0 when not allowed.
    public var duration: Double
    /// How it looks.
    public var style: Style
    /// Why.
    public var decidedBy: PolicyReason

    /// Decides how `animation` runs, with Reduce Motion on or off.
    public init(_ animation: AnimationRequest, reduceMotion: Bool) {
        let brief = min(animation.duration, Self.maxBriefDuration)
        switch (animation.purpose, animation.repeats, reduceMotion) {
        case (.loading, _, _):
            self.init(
                true, animation.duration, .standard, "motion.loadingIndicator",
                "Loading indicators may animate, and should stop when loading completes.")
        case (_, true, _):
            self.init(
                false, 0, .none, "motion.noContinuousAnimation",
                "Only loading indicators may repeat; use a static element instead.")
        case (.decorative, false, true), (.feedback, false, true):
            self.init(
                false, 0, .none, "motion.reduceMotion",
                "Reduce Motion is on, which turns off decorative and feedback animations.")
        case (.transition, false, true):
            self.init(
                true, brief, .crossfade, "motion.reduceMotionCrossfade",
                "Reduce Motion is on, so the transition cross-fades instead of moving.")
        case (.decorative, false, false):
            self.init(
                true, animation.duration, .standard, "motion.oneShotDecoration",
                "A decoration that plays once may animate.")
        case (.feedback, false, false), (.transition, false, false):
            self.init(
                true, brief, .standard, "motion.brief",
                animation.duration > Self.maxBriefDuration
                    ? "Feedback and transitions complete within 0.3 seconds, so the duration is shortened."
                    : "Feedback and transitions complete within 0.3 seconds.")
        }
    }

    private init(_ allowed: Bool, _ duration: Double, _ style: Style, _ rule: String, _ reason: String) {
        self.allowed = allowed
        self.duration = duration
        self.style = style
        self.decidedBy = PolicyReason(rule: rule, reason: reason)
    }

    /// `{"allowed":true,"duration":0.3,"style":"standard","rule":...,"reason":...}`.
    public var json: JSONValue {
        [
            "allowed": .bool(allowed),
            "duration": JSONNumber(duration).map { .number($0) } ?? .null,
            "style": .string(style.rawValue),
            "rule": .string(decidedBy.rule),
            "reason": .string(decidedBy.reason)
        ]
    }
}
