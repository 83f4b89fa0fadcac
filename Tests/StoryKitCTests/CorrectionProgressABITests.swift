import CStoryKit
import StoryKitC
import StoryKitCore
import Testing

/// storykit_correct_offline_with_progress: a long text reports each piece read, and a host's
/// callback can stop it between pieces.
@Suite struct CorrectionProgressABITests {
    /// What the callback saw, and after how many calls it answers something else than OK.
    final class Calls {
        var seen: [(done: Int, total: Int)] = []
        var stopAfter: Int?
        var stopWith = STORYKIT_E_CANCELLED
    }

    static let record: storykit_progress_fn = { done, total, userData in
        let calls = Unmanaged<Calls>.fromOpaque(userData!).takeUnretainedValue()
        calls.seen.append((done, total))
        return calls.seen.count == calls.stopAfter ? calls.stopWith : STORYKIT_OK
    }

    /// About 25 KB of sentences with slips: three pieces of STORYKIT_MAX_CORRECTION_BYTES.
    static let longText = String(
        repeating: "The dgo ran to the prak and back. ", count: 25_000 / 34)

    func correct(_ text: String, _ calls: Calls, options: String? = nil) -> (storykit_status, String?) {
        withExtendedLifetime(calls) {
            answered {
                storykit_correct_offline_with_progress(
                    $0, text, text.utf8.count, options, Self.record, Unmanaged.passUnretained(calls).toOpaque())
            }
        }
    }

    @Test func eachPieceIsReportedAndTheResultIsTheSame() {
        let calls = Calls()
        let (status, json) = correct(Self.longText, calls)
        #expect(status == STORYKIT_OK, "\(lastError())")
        let total = Self.longText.utf8.count
        #expect(calls.seen.count == 3)
        #expect(calls.seen.allSatisfy { $0.total == total })
        #expect(calls.seen.map(\.done) == calls.seen.map(\.done).sorted())
        #expect(calls.seen.first.map { $0.done > 0 && $0.done <= Int(STORYKIT_MAX_CORRECTION_BYTES) } == true)
        #expect(calls.seen.last?.done == total)
        let (plainStatus, plain) = answered { storykit_correct_offline($0, Self.longText, total, nil) }
        #expect(plainStatus == STORYKIT_OK)
        #expect(json == plain)
        #expect(json?.contains("The dog ran to the park and back.") == true)
    }

    @Test func aCallbackThatAnswersOtherThanOKStopsTheCorrection() {
        for answer in [STORYKIT_E_CANCELLED, STORYKIT_E_CALLBACK, storykit_status(7)] {
            let calls = Calls()
            calls.stopAfter = 1
            calls.stopWith = answer
            let (status, json) = correct(Self.longText, calls)
            #expect(status == STORYKIT_E_CANCELLED)
            #expect(json == nil)
            #expect(calls.seen.count == 1)
            #expect(lastError().contains("the correction was stopped after"), "\(lastError())")
        }
    }

    @Test func aStopAskedAfterTheLastPieceReturnsTheResult() {
        let calls = Calls()
        calls.stopAfter = 3
        let (status, json) = correct(Self.longText, calls)
        #expect(status == STORYKIT_OK, "\(lastError())")
        #expect(json?.contains("The dog ran to the park and back.") == true)
    }

    @Test func aTextOfOnePieceMakesNoCall() {
        let calls = Calls()
        let (status, json) = correct("teh dgo", calls)
        #expect(status == STORYKIT_OK)
        #expect(json?.contains(#""text":"the dog""#) == true)
        #expect(calls.seen.isEmpty)
    }

    @Test func withoutACallbackItIsThePlainCorrection() {
        let (status, json) = answered { storykit_correct_offline_with_progress($0, "teh dgo", 7, nil, nil, nil) }
        #expect(status == STORYKIT_OK)
        #expect(json?.contains(#""text":"the dog""#) == true)
        let (refused, _) = answered { storykit_correct_offline_with_progress($0, nil, 3, nil, nil, nil) }
        #expect(refused == STORYKIT_E_INVALID_ARGUMENT)
        #expect(lastError().contains("text"))
    }

    @Test func badOptionsAreRefusedBeforeAnyCall() {
        let calls = Calls()
        let (status, _) = correct(Self.longText, calls, options: #"{"layout":"dvorak"}"#)
        #expect(status == STORYKIT_E_INVALID_ARGUMENT)
        #expect(lastError().contains("layout"))
        #expect(calls.seen.isEmpty)
    }
}
