// Powers and logarithms of ten, which the standard library lacks without Foundation.

/// 10 to the power `exponent`; 0 below 10^-300, infinity above 10^300.
package func decimalPower(_ exponent: Double) -> Double {
    guard exponent > -300 else { return 0 }
    guard exponent < 300 else { return .infinity }
    // e^x = (e^(x / 2^k))^(2^k): halve until the series converges in a few terms, then square back.
    var x = exponent * 2.302585092994046
    var squarings = 0
    while x.magnitude > 0.5 {
        x /= 2
        squarings += 1
    }
    var term = 1.0, sum = 1.0
    for n in 1...16 {
        term *= x / Double(n)
        sum += term
    }
    for _ in 0..<squarings { sum *= sum }
    return sum
}

/// log10 of a positive, finite number; -infinity for 0, NaN for anything else outside.
/// A few dozen floating-point operations: cheap enough for per-entry use while loading data.
package func decimalLogarithm(_ value: Double) -> Double {
    guard value > 0, value.isFinite else { return value == 0 ? -.infinity : .nan }
    var exponent = Double(value.exponent)
    var mantissa = value.significand  // [1, 2)
    if mantissa >= 1.4142135623730951 {
        mantissa /= 2
        exponent += 1
    }
    // In [sqrt 1/2, sqrt 2), ln(m) = 2 atanh((m-1)/(m+1)) with |y| < 0.172: 11 terms reach
    // 1e-17. Summed from the last term (Horner), multiplying by 1/n: no division per term.
    let y = (mantissa - 1) / (mantissa + 1), y2 = y * y
    var sum = 1.0 / 21
    sum = sum * y2 + 1.0 / 19
    sum = sum * y2 + 1.0 / 17
    sum = sum * y2 + 1.0 / 15
    sum = sum * y2 + 1.0 / 13
    sum = sum * y2 + 1.0 / 11
    sum = sum * y2 + 1.0 / 9
    sum = sum * y2 + 1.0 / 7
    sum = sum * y2 + 1.0 / 5
    sum = sum * y2 + 1.0 / 3
    sum = sum * y2 + 1
    return (exponent * 0.6931471805599453 + 2 * y * sum) / 2.302585092994046
}
