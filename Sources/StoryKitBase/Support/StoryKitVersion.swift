/// The version of StoryKit, the same numbers as the `STORYKIT_VERSION_*` macros of the C header.
public enum StoryKitVersion {
    /// The major version; changes on incompatible API changes.
    public static let major = 0
    /// The minor version; changes when features are added.
    public static let minor = 1
    /// The patch version; changes for fixes only.
    public static let patch = 0
    /// The version of the C ABI; changes only when a C declaration changes incompatibly.
    public static let abi = 1

    /// The version as `"MAJOR.MINOR.PATCH"`.
    public static var string: String { "\(major).\(minor).\(patch)" }

    /// The version as `MAJOR * 10000 + MINOR * 100 + PATCH`.
    public static var number: Int { major * 10000 + minor * 100 + patch }
}
