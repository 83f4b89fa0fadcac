#if STORYKIT_FITTING
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif
#endif

extension CorrectorTuning {
    /// A tuned constant's value. The library proper returns `value`; a build made with
    /// `-DSTORYKIT_FITTING` (scripts/fit-corrector.py, never shipped) reads `name=value` pairs,
    /// comma-separated, from the `STORYKIT_FITTING_TUNING` environment variable once per
    /// process, so the fitter can try values without a rebuild.
    @inline(__always)
    package static func fitted<Value: FittableConstant>(_ name: StaticString, _ value: Value) -> Value {
        #if STORYKIT_FITTING
            FittingOverrides.values["\(name)"].flatMap(Value.init(fittingText:)) ?? value
        #else
            value
        #endif
    }
}

/// A constant type the fitter can set from text.
package protocol FittableConstant {
    init?(fittingText: String)
}

extension Float: FittableConstant {
    package init?(fittingText: String) { self.init(fittingText) }
}

extension Int: FittableConstant {
    package init?(fittingText: String) { self.init(fittingText) }
}

extension Int32: FittableConstant {
    package init?(fittingText: String) { self.init(fittingText) }
}

#if STORYKIT_FITTING
    /// The overrides of a fitting build, read once.
    private enum FittingOverrides {
        static let values: [String: String] = {
            guard let raw = getenv("STORYKIT_FITTING_TUNING") else { return [:] }
            var values: [String: String] = [:]
            for pair in String(cString: raw).split(separator: ",") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2 { values[String(parts[0])] = String(parts[1]) }
            }
            return values
        }()
    }
#endif
