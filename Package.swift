// swift-tools-version:6.0
import PackageDescription

// Module map (see DESIGN.md): imports point down only.
//   PitchPerfectCLI -> Studio -> {Voice, PitchTime, Effects} -> AudioFile -> AudioCore
let package = Package(
    name: "PitchPerfect",
    products: [
        .executable(name: "pitchperfect", targets: ["PitchPerfectCLI"]),
        .library(name: "Studio", targets: ["Studio"]),
        .library(name: "TestSupport", targets: ["TestSupport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .target(name: "AudioCore"),
        .target(name: "AudioFile", dependencies: ["AudioCore"]),
        .target(name: "Effects", dependencies: ["AudioCore"]),
        .target(name: "PitchTime", dependencies: ["AudioCore"]),
        .target(name: "Voice", dependencies: ["AudioCore"]),
        .target(name: "Studio", dependencies: ["AudioCore", "AudioFile", "Effects", "PitchTime", "Voice"]),
        .target(name: "TestSupport", dependencies: ["AudioCore", "CMallocCounter"]),
        // Counts this thread's heap allocations so tests can prove `process` is real-time safe.
        .target(name: "CMallocCounter"),
        .executableTarget(
            name: "PitchPerfectCLI",
            dependencies: [
                "Studio", "AudioFile", "Voice",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "AudioCoreTests", dependencies: ["AudioCore", "TestSupport"]),
        .testTarget(name: "AudioFileTests", dependencies: ["AudioFile", "AudioCore", "TestSupport"]),
        .testTarget(name: "EffectsTests", dependencies: ["Effects", "AudioCore", "TestSupport"]),
        .testTarget(name: "PitchTimeTests", dependencies: ["PitchTime", "AudioCore", "Voice", "TestSupport"]),
        .testTarget(name: "VoiceTests", dependencies: ["Voice", "AudioCore", "TestSupport"]),
        .testTarget(name: "StudioTests", dependencies: ["Studio", "AudioCore", "AudioFile", "Voice", "TestSupport"]),
    ]
)
