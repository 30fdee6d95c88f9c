// swift-tools-version: 6.0
// The NIO floor: a SwiftNIO HTTP/1.1 server that answers each request with bytes encoded
// once at start, chosen by the request's path (the query ignored, as the nginx peer does).
// No matching, no contracts, no journal: what `understudy serve` would cost per request if
// its responder were free. A package of its own, measured beside nginx by bench/mix/run.sh.
import PackageDescription

let package = Package(
    name: "NIOFloor",
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        .executableTarget(
            name: "nio-floor",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
