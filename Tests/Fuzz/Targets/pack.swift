// Language packs from outside, mutated with their structure in mind: the fuzzer's bytes are a
// program of edits to the test pack (Tests/Fixtures/Packs/test.skpack), each naming a section
// (every one, from STAT to META), a 32-bit field of it and what to set it to: 0, the maximum,
// one below the field before (a start that falls), the field before (an empty or overlapping
// range), one above the field after, a byte of the input, or a single bit flipped. The pack is
// resealed (its checksum made right again), loaded through storykit_pack_load and, when it
// loads, corrects the rest of the input. Properties: loading answers OK or a parse error,
// never traps; a loaded pack corrects any text with the usual statuses; no version is longer
// than the corrector's output bound (OfflineCorrector.maxOutputBytes).
import CStoryKit
import StoryKitBase
import StoryKitCore
import StoryKitCorrection

#if canImport(Glibc)
    import Glibc
#endif

/// The test pack, read once from the repository (fuzz.sh runs from its root).
private let testPack: [UInt8] = {
    guard let file = fopen("Tests/Fixtures/Packs/test.skpack", "rb") else {
        propertyFailed("run from the repository root: Tests/Fixtures/Packs/test.skpack not found")
    }
    defer { fclose(file) }
    var bytes: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count == 0 { break }
        bytes += buffer[0..<count]
    }
    return bytes
}()

/// Each section's offset and size in the test pack, from its directory.
private let sections: [(offset: Int, count: Int)] = {
    func uint32(_ at: Int) -> Int { testPack[at..<(at + 4)].reversed().reduce(0) { $0 << 8 | Int($1) } }
    return (0..<Int(testPack[12])).map { (uint32(32 + 16 * $0 + 8), uint32(32 + 16 * $0 + 12)) }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLanguagePack(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    var pack = testPack
    func field(_ at: Int, in section: (offset: Int, count: Int)) -> UInt32 {
        guard at >= section.offset, at + 4 <= section.offset + section.count else { return 0 }
        return pack[at..<(at + 4)].reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }
    for _ in 0..<(1 + input.choice(below: 4)) {
        let section = sections[input.choice(below: sections.count)]
        guard section.count >= 4 else { continue }
        let at = section.offset + 4 * input.choice(below: section.count / 4)
        let value: UInt32
        switch input.choice(below: 7) {
        case 0: value = 0
        case 1: value = .max
        case 2: value = field(at - 4, in: section) &- 1
        case 3: value = field(at - 4, in: section)
        case 4: value = field(at + 4, in: section) &+ 1
        case 5: value = field(at, in: section) & ~0xFF | UInt32(input.choice())
        default: value = field(at, in: section) ^ (1 << UInt32(input.choice(below: 32)))
        }
        withUnsafeBytes(of: value.littleEndian) { pack.replaceSubrange(at..<(at + 4), with: $0) }
    }
    let sum = pack.withUnsafeBytes { CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[32...])) }
    withUnsafeBytes(of: sum.littleEndian) { pack.replaceSubrange(24..<28, with: $0) }

    let loaded = answer { out in pack.withUnsafeBytes { storykit_pack_load(out, $0.baseAddress, $0.count) } }
    require(loaded.status == STORYKIT_OK || loaded.status == STORYKIT_E_PARSE, "loading answered \(loaded.status)")
    guard loaded.status == STORYKIT_OK else { return 0 }
    let text = Array(input.rest.prefix(256))
    guard let decoded = String(validating: text, as: UTF8.self),
        decoded.unicodeScalars.contains(where: { !$0.properties.isWhitespace })
    else { return 0 }
    let corrected = answer { out in
        withUnterminated(text) { storykit_correct_offline(out, $0, $1, "{\"language\":\"zz\",\"words\":true}") }
    }
    require(corrected.status == STORYKIT_OK, "correcting with the loaded pack answered \(corrected.status)")
    let result = requireJSON(corrected.bytes ?? [], "the corrector's answer")
    for version in result["variations"]?.arrayValue ?? [] {
        let written = version["text"]?.stringValue?.utf8.count ?? 0
        require(
            written <= OfflineCorrector.maxOutputBytes(forInput: text.count),
            "a version of \(written) bytes from \(text.count) typed")
    }
    return 0
}
