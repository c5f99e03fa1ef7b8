// swift-tools-version:6.0
import PackageDescription

// Module map (see DESIGN.md): imports point down only.
//   PitchPerfectCLI -> Studio -> {Voice, PitchTime, Effects} -> AudioFile -> AudioCore
// The DSP modules are compiled optimised even in debug builds: unoptimised Swift runs the vocoder
// about 50x slower, which would make `swift run pitchperfect serve` and the tests crawl.
let optimised: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "PitchPerfect",
    products: [
        .executable(name: "pitchperfect", targets: ["PitchPerfectCLI"]),
        .library(name: "Studio", targets: ["Studio"]),
        .library(name: "TestSupport", targets: ["TestSupport"]),
        .library(name: "StudioServer", targets: ["StudioServer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.0"),
        .package(url: "https://github.com/vapor/fluent.git", from: "4.13.0"),
        .package(url: "https://github.com/vapor/fluent-sqlite-driver.git", from: "4.9.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
    ],
    targets: [
        .target(name: "AudioCore", swiftSettings: optimised),
        .target(name: "AudioFile", dependencies: ["AudioCore"], swiftSettings: optimised),
        .target(name: "Effects", dependencies: ["AudioCore"], swiftSettings: optimised),
        .target(name: "PitchTime", dependencies: ["AudioCore"], swiftSettings: optimised),
        .target(name: "Voice", dependencies: ["AudioCore"], swiftSettings: optimised),
        .target(name: "Studio", dependencies: ["AudioCore", "AudioFile", "Effects", "PitchTime", "Voice"], swiftSettings: optimised),
        .target(name: "TestSupport", dependencies: ["AudioCore", "CMallocCounter"]),
        // Counts this thread's heap allocations so tests can prove `process` is real-time safe.
        .target(name: "CMallocCounter"),
        // The CLI's testable logic: flags to plans, `info` measurements, progress, file checks.
        .target(name: "CLICore", dependencies: ["Studio", "AudioCore", "AudioFile", "Effects", "Voice"]),
        // The web studio: HTTP API, storage and static files over Studio. Only this target and the
        // CLI see Vapor, so the engine modules keep building fast on their own.
        .target(
            name: "StudioServer",
            dependencies: [
                "Studio", "AudioCore", "AudioFile",
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Fluent", package: "fluent"),
                .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
                .product(name: "_NIOFileSystem", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .executableTarget(
            name: "PitchPerfectCLI",
            dependencies: [
                "CLICore", "Studio", "AudioFile", "Voice", "StudioServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "AudioCoreTests", dependencies: ["AudioCore", "TestSupport"]),
        .testTarget(name: "AudioFileTests", dependencies: ["AudioFile", "AudioCore", "TestSupport"]),
        .testTarget(name: "EffectsTests", dependencies: ["Effects", "AudioCore", "TestSupport"]),
        .testTarget(name: "PitchTimeTests", dependencies: ["PitchTime", "AudioCore", "Voice", "TestSupport"]),
        .testTarget(name: "VoiceTests", dependencies: ["Voice", "AudioCore", "TestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["PitchPerfectCLI", "CLICore", "Studio", "AudioCore", "AudioFile", "Voice", "TestSupport"]),
        .testTarget(name: "StudioTests", dependencies: ["Studio", "AudioCore", "AudioFile", "Voice", "TestSupport"]),
        .testTarget(
            name: "StudioServerTests",
            dependencies: [
                "StudioServer", "Studio", "AudioCore", "AudioFile", "TestSupport",
                .product(name: "VaporTesting", package: "vapor"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
    ]
)
