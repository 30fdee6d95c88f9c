// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Understudy",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .executable(name: "understudy", targets: ["understudy"]),
        .library(name: "UnderstudyCore", targets: ["UnderstudyCore"]),
        .library(name: "UnderstudySupport", targets: ["UnderstudySupport"]),
        .library(name: "UnderstudyJSON", targets: ["UnderstudyJSON"]),
        .library(name: "UnderstudyFixtures", targets: ["UnderstudyFixtures"]),
        .library(name: "UnderstudyContracts", targets: ["UnderstudyContracts"]),
        .library(name: "UnderstudyTooling", targets: ["UnderstudyTooling"]),
        .library(name: "UnderstudyServer", targets: ["UnderstudyServer"]),
        .library(name: "UnderstudyURLSession", targets: ["UnderstudyURLSession"]),
        .library(name: "UnderstudyTesting", targets: ["UnderstudyTesting"]),
        .library(name: "RestaurantCore", targets: ["RestaurantCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // HMAC-SHA256 for Graph's appsecret_proof and RS256 for OpenID Connect ID tokens
        // (UnderstudyContracts only): the `Crypto` module on every platform, one code path (on
        // Apple's platforms it forwards to CryptoKit), and `CryptoExtras`' `_RSA` (BoringSSL).
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        // Tests only: an independent verifier of the ID tokens the fake mints (openIDConnect).
        .package(url: "https://github.com/vapor/jwt-kit.git", exact: "5.8.0"),
        // `swift package generate-documentation`: the DocC catalogs of the library targets.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The modules along a request's way (docs/architecture.md); each Foundation only, no NIO,
        // no XCTest/Testing. Support: locks, files and their platform calls, hashing, times.
        .target(name: "UnderstudySupport"),
        // JSON, exact decimals and JSON Schema (with the regular expressions patterns use).
        .target(name: "UnderstudyJSON", dependencies: ["UnderstudySupport"]),
        // HTTP values (Request, Response, HeaderField), fixtures and their loading, matching.
        .target(name: "UnderstudyFixtures", dependencies: ["UnderstudySupport", "UnderstudyJSON"]),
        // Contracts and provider behaviours: packs, checks, contract-aware matching, generated answers.
        .target(
            name: "UnderstudyContracts",
            dependencies: [
                "UnderstudySupport", "UnderstudyJSON", "UnderstudyFixtures", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ]),
        // The responder (one decision), its journal, admin API and dashboard: what replaying needs.
        // The dashboard's page sources are embedded by scripts/embed-dashboard, not shipped as files.
        .target(
            name: "UnderstudyCore", dependencies: ["UnderstudySupport", "UnderstudyJSON", "UnderstudyFixtures", "UnderstudyContracts"],
            exclude: ["Dashboard/page"]),
        // libcurl, loaded when the first recorded request goes out (see CurlUpstream).
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // The tooling on top of the responder: record (the Recorder, its upstreams), HAR import,
        // drift, the leak gate and the lint. What only replays (UnderstudyTesting) does not build it.
        .target(
            name: "UnderstudyTooling",
            dependencies: [
                "UnderstudyCore",
                "UnderstudySupport",
                "UnderstudyJSON",
                "UnderstudyFixtures",
                "UnderstudyContracts",
                .target(name: "CCurl", condition: .when(platforms: [.linux])),
            ]),
        // The only home of SwiftNIO.
        .target(
            name: "UnderstudyServer",
            dependencies: [
                "UnderstudyCore",
                "UnderstudySupport",
                "UnderstudyJSON",
                "UnderstudyFixtures",
                "UnderstudyContracts",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        // The recorder's upstream over URLSession, where URLSession is part of the system (Apple's
        // platforms); on Linux it is FoundationNetworking, which `understudy` does not load (CurlUpstream).
        .target(name: "UnderstudyURLSession", dependencies: ["UnderstudyTooling", "UnderstudyFixtures", "UnderstudyContracts"]),
        // The only module that imports XCTest and Testing.
        .target(
            name: "UnderstudyTesting",
            dependencies: ["UnderstudyCore", "UnderstudySupport", "UnderstudyJSON", "UnderstudyFixtures", "UnderstudyContracts", "UnderstudyServer"]),
        .executableTarget(
            name: "understudy",
            dependencies: [
                "UnderstudyCore",
                "UnderstudySupport",
                "UnderstudyJSON",
                "UnderstudyFixtures",
                "UnderstudyContracts",
                "UnderstudyTooling",
                "UnderstudyServer",
                .target(name: "UnderstudyURLSession", condition: .when(platforms: [.macOS, .iOS])),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The restaurant apps' client core: Foundation (+ FoundationNetworking) only.
        .target(name: "RestaurantCore"),
        // Tests wait for the processes they start through ChildProcesses: bounded, and reaping what Foundation missed.
        .target(name: "ChildProcesses", path: "Tests/ChildProcesses"),
        // Linked into the test process: runs at most 8 test cases per core at once (see its source).
        .target(name: "TestParallelism", path: "Tests/TestParallelism"),
        // What the Core and the tooling tests share: a temporary fixtures tree, the bundled packs' and fixtures' folders.
        .target(name: "UnderstudyTestSupport", dependencies: ["UnderstudyFixtures"], path: "Tests/UnderstudyTestSupport"),
        .testTarget(
            name: "UnderstudyCoreTests",
            dependencies: [
                "UnderstudyCore", "UnderstudySupport", "UnderstudyJSON", "UnderstudyFixtures", "UnderstudyContracts", "UnderstudyTestSupport", "ChildProcesses",
            ],
            resources: [.copy("Resources")]),
        // The tooling's own tests (record, HAR import, drift, the leak gate, the lint), so UnderstudyCoreTests builds no tooling.
        .testTarget(
            name: "UnderstudyToolingTests",
            dependencies: [
                "UnderstudyTooling", "UnderstudyCore", "UnderstudySupport", "UnderstudyJSON", "UnderstudyFixtures", "UnderstudyContracts",
                "UnderstudyTestSupport",
            ]),
        .testTarget(
            name: "RestaurantCoreTests",
            dependencies: [
                "RestaurantCore", "UnderstudyTesting", "UnderstudyServer", "UnderstudyCore", "UnderstudyFixtures", "UnderstudyContracts", "ChildProcesses",
                "EndToEndSupport",
            ]
        ),
        .testTarget(
            name: "UnderstudyTestingTests",
            dependencies: ["UnderstudyTesting", "UnderstudyTooling", "UnderstudyCore", "UnderstudySupport", "UnderstudyJSON", "UnderstudyFixtures", "UnderstudyContracts", "UnderstudyServer"]),
        // The five apps' flows end to end against a real Understudy, in Swift Testing and in XCTest;
        // what both share (fixtures, credentials, an app's install folder) is EndToEndSupport.
        .target(name: "EndToEndSupport", dependencies: ["RestaurantCore", "UnderstudyTesting", "UnderstudyCore"], path: "Tests/EndToEndSupport"),
        .testTarget(name: "EndToEndTests", dependencies: ["EndToEndSupport", "RestaurantCore", "UnderstudyTesting", "UnderstudyCore", "UnderstudyFixtures", "UnderstudyContracts"]),
        .testTarget(name: "EndToEndXCTests", dependencies: ["EndToEndSupport", "RestaurantCore", "UnderstudyTesting", "UnderstudyCore", "UnderstudyFixtures", "UnderstudyContracts"]),
        // Not a product: the responder's CPU per request in process (docs/performance.md).
        .executableTarget(name: "responder-bench", dependencies: ["UnderstudyCore", "UnderstudyFixtures", "UnderstudyContracts"], path: "bench/responder"),
        // A test helper, not a product: writes the stores in a loop so a test can kill it mid-write.
        .executableTarget(name: "restaurant-store-writer", dependencies: ["RestaurantCore"], path: "Sources/RestaurantStoreWriter"),
        .testTarget(
            name: "UnderstudyServerTests",
            dependencies: [
                "UnderstudyCore",
                "UnderstudySupport",
                "UnderstudyJSON",
                "UnderstudyFixtures",
                "UnderstudyContracts",
                "UnderstudyServer",
                "UnderstudyTooling",
                "UnderstudyURLSession",
                "UnderstudyTesting",
                "ChildProcesses",
                "TestParallelism",
                // An ID token's signature checked from the served JWKS's n and e, as a verifier does.
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Every target: `any` spelled out for existentials, and a module's members visible only where it is imported.
for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
    ]
}
