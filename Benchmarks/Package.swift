// swift-tools-version:6.1
import PackageDescription

// Benchmarks live in their own package so that `swift test` at the root never builds
// package-benchmark. Run them with `swift package benchmark` from this directory.
let package = Package(
    name: "PitchPerfectBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "PitchPerfect", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "EngineBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Studio", package: "PitchPerfect"),
                .product(name: "TestSupport", package: "PitchPerfect"),
            ],
            path: "Benchmarks/EngineBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
