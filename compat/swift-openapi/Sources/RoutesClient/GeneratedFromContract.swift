// The Routes client is generated at build time by swift-openapi-generator from openapi.json,
// a symbolic link to the bundled contract; SwiftPM links a target only when it has a source of its own.
