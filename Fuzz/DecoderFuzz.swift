// libFuzzer entry point for the WAV and AIFF decoders; built by scripts/fuzz-decoders, not SwiftPM.
//
// Beyond "no crash", each input checks the promises AudioFileReader makes for any bytes: a decoded
// file holds no more samples than the input has bytes (the allocation is bounded by the data), its
// info agrees with its buffer, an error explains itself, and anything decoded survives a float32
// WAV round trip through the writer bit for bit.

import AudioCore
import AudioFile

@_cdecl("LLVMFuzzerTestOneInput")
public func decoderFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let buffer: AudioBuffer
    let info: AudioFileInfo
    do {
        (buffer, info) = try AudioFileReader.decode(bytes)
    } catch {
        precondition(!error.description.isEmpty, "an error without a description")
        return 0
    }
    precondition(buffer.samples.count <= bytes.count, "\(buffer.samples.count) samples from \(bytes.count) bytes")
    precondition(info.frameCount == buffer.frameCount && info.channelCount == buffer.channelCount, "info disagrees with buffer")
    precondition(AudioFileReader.supportedSampleRates.contains(info.sampleRate), "sample rate \(info.sampleRate) accepted")

    let (again, _) = try! AudioFileReader.decode(AudioFileWriter.encodeWAV(buffer, encoding: .float32))
    precondition(again.frameCount == buffer.frameCount && again.channelCount == buffer.channelCount, "round trip changed the shape")
    precondition(zip(again.samples, buffer.samples).allSatisfy { $0.bitPattern == $1.bitPattern }, "round trip changed a sample")
    return 0
}
