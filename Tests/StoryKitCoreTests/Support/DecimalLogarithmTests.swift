import StoryKitCore
import Testing

@Suite struct DecimalLogarithmTests {
    @Test(arguments: [-12.5, -3, -0.25, 0, 0.125, 1, 2.5, 4.125, 10.375, 11])
    func powerAndLogarithmInvertEachOther(_ exponent: Double) {
        let power = decimalPower(exponent)
        #expect(abs(decimalLogarithm(power) - exponent) < 1e-9, "\(exponent)")
    }

    @Test func knownValues() {
        #expect(decimalPower(0) == 1)
        #expect(abs(decimalPower(2) - 100) < 1e-10)
        #expect(abs(decimalPower(-1) - 0.1) < 1e-15)
        #expect(decimalPower(-400) == 0 && decimalPower(400) == .infinity)
        #expect(abs(decimalLogarithm(1000) - 3) < 1e-12)
        #expect(decimalLogarithm(0) == -.infinity && decimalLogarithm(-1).isNaN)
        #expect(decimalLogarithm(.infinity).isNaN)
        // A subnormal: 2^-1032.
        #expect(abs(decimalLogarithm(Double.leastNormalMagnitude / 1024) + 310.66295552522) < 1e-9)
        #expect(abs(decimalLogarithm(1.4142135623730951) - 0.15051499783199057) < 1e-15)
        #expect(abs(decimalLogarithm(1e300) - 300) < 1e-12)
    }
}
