// swift-tools-version: 6.0
// Clients generated from the bundled contracts by Apple's swift-openapi-generator, driven
// against a served Understudy (compat/run-swift-openapi). A package of its own, so the main
// package's build does not grow by the generator and its dependencies.
import PackageDescription

let clients = ["YelpClient", "GoogleClient", "PlacesClient", "RoutesClient", "FacebookClient", "FeedClient"]

let package = Package(
    name: "UnderstudyCompatOpenAPI",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", exact: "1.4.0"),
        .package(url: "https://github.com/apple/swift-http-types", exact: "1.8.0"),
    ],
    targets: clients.map { name in
        // Each contract is a symbolic link to contracts/<provider>.openapi.json: the clients are
        // generated from the packs as they are now, never from a copy.
        .target(
            name: name,
            dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        )
    } + [
        .executableTarget(
            name: "compat-openapi",
            dependencies: clients.map { .target(name: $0) } + [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
