// swift-tools-version: 6.2
//
// FlowCheck: a property-based conformance test kit for server-driven navigation.
// The package deliberately has no `dependencies:` so that it can be dropped into
// any SDK's test target without pulling anything in.

import PackageDescription

let strict: [SwiftSetting] = [
    .treatAllWarnings(as: .error), .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "FlowCheck",
    products: [
        // What an SDK's test target imports: one module re-exporting the adapter protocols, the models and
        // expectConformance.
        .library(name: "FlowCheck", targets: ["FlowCheck"]),
        // What a suite written outside the kit imports: the ConformanceSuite protocol and the runner.
        .library(name: "FlowCheckEngine", targets: ["FlowCheckEngine"]),
        .executable(name: "flowcheck", targets: ["FlowCheckCLI"]),
        .executable(name: "flowcheck-bench", targets: ["FlowCheckBench"]),
        .executable(name: "flowcheck-fuzz", targets: ["FlowCheckFuzz"]),
    ],
    targets: [
        // Rules and suite names: the vocabulary every suite, record and report shares.
        .target(name: "ConformanceRules", swiftSettings: strict),
        // The reference model of server-driven navigation: pure values, no I/O.
        .target(name: "NavigationModel", dependencies: ["ConformanceRules", "JSON"], swiftSettings: strict),
        // What every adapter and suite shares: capabilities (common fields and suites' sections), the base
        // implementation protocols, the verdict. It names no suite and no model.
        .target(
            name: "FlowCheckCore", dependencies: ["ConformanceRules", "JSON"],
            swiftSettings: strict),
        // The JSON-lines records of a run, versioned, with a JSON Schema per record type.
        .target(
            name: "FlowCheckRecords", dependencies: ["ConformanceRules", "FlowCheckCore", "JSON"],
            exclude: ["Schemas"], swiftSettings: strict
        ),
        // CI gating shared by the command line and Swift callers: skip list, baseline, corpus runs, certificates, spec
        // planning.
        .target(
            name: "FlowCheckGating",
            dependencies: [
                "ConformanceRules", "FlowCheckEngine", "FlowCheckCore", "FlowCheckRecords", "FlowCheckSuites",
                "GoldenCorpus", "JSON", "PropertyTesting", "RUFSpec",
            ],
            swiftSettings: strict
        ),
        // A general property-testing engine with integrated shrinking.
        .target(name: "PropertyTesting", swiftSettings: strict),
        // The example machines the engine's tests and benchmark share.
        .target(name: "PropertyTestingExamples", dependencies: ["PropertyTesting"], swiftSettings: strict),
        // Turns engine failures into Swift Testing or XCTest failures.
        .target(name: "PropertyTestingTestSupport", dependencies: ["PropertyTesting"], swiftSettings: strict),
        // What every suite's golden-case format shares: errors, origins, case text, reading errors, saving. Each format
        // is its suite's.
        .target(
            name: "GoldenCorpus",
            dependencies: ["JSON"], swiftSettings: strict),
        // The conformance engine: the generic runner, the suite plug-in protocol, spec plans and the text report. It
        // names no suite.
        .target(
            name: "FlowCheckEngine",
            dependencies: [
                "ConformanceRules", "FlowCheckCore", "FlowCheckRecords", "GoldenCorpus", "PropertyTesting", "JSON",
                "RUFSpec",
            ],
            swiftSettings: strict
        ),
        // The client suite: a RUF client's cache, meta, metrics, requests and navigation, everything about it in one
        // module (its implementation protocol, capabilities, generator, comparison, wire and golden cases).
        .target(
            name: "FlowCheckClientSuite",
            dependencies: [
                "ConformanceRules", "FlowCheckEngine", "FlowCheckCore", "FlowCheckRecords", "GoldenCorpus", "JSON",
                "NavigationModel", "ProcessProtocol", "PropertyTesting", "RUFClientModel", "RUFSpec",
                "FlowCheckNavigationSuite", "HTTPWire",
            ],
            path: "Sources/Suites/Client", swiftSettings: strict
        ),
        // The runtime suite: how an SDK runs a flow (edges, logic nodes, variables, events, outcomes), everything about
        // it in one module (its implementation protocol, capabilities, generator, comparison and failure description).
        .target(
            name: "FlowCheckRuntimeSuite",
            dependencies: [
                "ConformanceRules", "FlowCheckEngine", "FlowCheckCore", "FlowCheckRecords", "FlowRuntimeModel",
                "GoldenCorpus",
                "JSON", "ProcessProtocol", "PropertyTesting",
            ],
            path: "Sources/Suites/Runtime", swiftSettings: strict
        ),
        // The one import of an SDK's test target: re-exports what the certifying guide uses, and nothing else.
        .target(
            name: "FlowCheck",
            dependencies: [
                "ConformanceRules", "FlowCheckClientSuite", "FlowCheckCore", "FlowCheckTestSupport", "FlowSchema",
                "NavigationModel", "RUFClientModel", "FlowCheckDecodingSuite", "FlowCheckNavigationSuite",
                "FlowCheckRuntimeSuite", "FlowRuntimeModel",
            ],
            swiftSettings: strict),
        // The navigation and session suites: directives applied to a stack, and optimistic navigation with the server's
        // answers. One module for both, since they share the model, the plan generator and the step driver.
        .target(
            name: "FlowCheckNavigationSuite",
            dependencies: [
                "ConformanceRules", "FlowCheckCore", "FlowCheckEngine", "FlowCheckRecords", "GoldenCorpus", "JSON",
                "NavigationModel", "PropertyTesting", "ProcessProtocol",
            ],
            path: "Sources/Suites/Navigation", swiftSettings: strict
        ),
        // The decoding suite: flow documents decoded leniently, everything about it in one module (its implementation
        // protocol, capabilities, document generator and minimizer, comparison, wire and golden cases).
        .target(
            name: "FlowCheckDecodingSuite",
            dependencies: [
                "ConformanceRules", "FlowCheckCore", "FlowCheckEngine", "FlowCheckRecords", "FlowSchema",
                "GoldenCorpus",
                "JSON", "ProcessProtocol", "PropertyTesting",
            ],
            path: "Sources/Suites/Decoding", swiftSettings: strict
        ),
        // The server suite: a RUF backend's answers, over HTTP, checked against its app spec; everything about it in
        // one module (its backend protocol, the HTTP backend, the session generator, the exchange, the failures).
        .target(
            name: "FlowCheckServerSuite",
            dependencies: [
                "ConformanceRules", "FlowCheckCore", "FlowCheckEngine", "FlowCheckRecords", "HTTPWire", "JSON",
                "PropertyTesting", "RUFServerModel", "RUFSpec",
            ],
            path: "Sources/Suites/Server", swiftSettings: strict
        ),
        // The one list of the kit's suites, above every suite module.
        .target(
            name: "FlowCheckSuites",
            dependencies: [
                "ConformanceRules", "FlowCheckEngine", "FlowCheckClientSuite", "FlowCheckCore",
                "FlowCheckDecodingSuite", "FlowCheckNavigationSuite", "FlowCheckRuntimeSuite", "FlowCheckServerSuite",
            ],
            swiftSettings: strict),
        // Drives an implementation in any language over the JSON-lines process protocol.
        .target(
            name: "ProcessProtocol",
            dependencies: [
                "ConformanceRules", "FlowCheckCore", "JSON",
            ],
            exclude: ["Schemas"], swiftSettings: strict
        ),
        // What a RUF backend must answer: the SRV- rules and their article; no I/O.
        .target(name: "RUFServerModel", dependencies: ["ConformanceRules", "JSON", "RUFSpec"], swiftSettings: strict),
        // HTTP/1.1 on POSIX sockets, knowing no protocol: a server that survives a hostile client, a client with
        // deadlines.
        .target(name: "HTTPWire", swiftSettings: strict),
        // One call that certifies an implementation from an SDK's Swift Testing or XCTest target.
        .target(
            name: "FlowCheckTestSupport",
            dependencies: [
                "ConformanceRules", "FlowCheckEngine", "FlowCheckCore", "FlowCheckGating", "FlowCheckRecords",
                "FlowCheckSuites", "GoldenCorpus", "PropertyTestingTestSupport", "Reports",
            ],
            swiftSettings: strict
        ),
        // Report writers: HTML, JUnit, Markdown and badge, all rendered from JSON lines.
        .target(
            name: "Reports", dependencies: ["ConformanceRules", "FlowCheckCore", "FlowCheckRecords", "JSON"],
            swiftSettings: strict),
        // A JSON parser with positions and a depth limit, and a canonical writer.
        .target(name: "JSON", swiftSettings: strict),
        // The reference decoder of flow documents and their canonical form.
        .target(name: "FlowSchema", dependencies: ["ConformanceRules", "JSON"], swiftSettings: strict),
        // A reader for the YAML subset that RUF spec files use.
        .target(name: "YAML", swiftSettings: strict),
        // The reference RUF client: component cache, meta, metrics, requests and navigation after each input.
        // The reference flow runtime: flows run step by step (conditions, expressions, variables, events); pure values.
        .target(name: "FlowRuntimeModel", dependencies: ["ConformanceRules"], swiftSettings: strict),
        .target(
            name: "RUFClientModel", dependencies: ["ConformanceRules", "NavigationModel", "JSON"], swiftSettings: strict
        ),
        // RUF app specs: reading, $ref resolution, lint, and values generated from the spec's types.
        .target(name: "RUFSpec", dependencies: ["YAML", "JSON", "PropertyTesting"], swiftSettings: strict),
        // A small command-line parser (the kit takes no dependencies).
        .target(name: "ArgumentParsing", swiftSettings: strict),
        // A conforming sample SDK and its mutants: the kit's built-in implementations.
        .target(
            name: "SampleImplementations",
            dependencies: [
                "ConformanceRules", "FlowCheckClientSuite", "FlowCheckCore", "FlowSchema", "JSON", "NavigationModel",
                "RUFClientModel", "FlowCheckDecodingSuite", "FlowCheckNavigationSuite", "FlowCheckRuntimeSuite",
                "FlowRuntimeModel",
            ],
            swiftSettings: strict
        ),
        // The `flowcheck` commands, as a library the tests drive in-process.
        .target(
            name: "FlowCheckCommands",
            dependencies: [
                "ArgumentParsing", "ConformanceRules", "FlowCheckEngine", "FlowCheckCore", "FlowCheckGating",
                "FlowCheckRecords", "FlowCheckSuites", "FlowRuntimeModel", "FlowSchema", "GoldenCorpus", "JSON",
                "NavigationModel", "ProcessProtocol", "PropertyTesting", "Reports", "RUFClientModel", "RUFSpec",
                "SampleImplementations", "FlowCheckServerSuite", "FlowCheckClientSuite",
            ],
            swiftSettings: strict
        ),
        // The mutation fuzzer of the kit's readers (JSON, flow decoder, YAML, spec, golden cases, records).
        .target(
            name: "Fuzzing",
            dependencies: [
                "PropertyTesting", "JSON", "FlowSchema", "YAML", "RUFSpec", "GoldenCorpus", "FlowCheckRecords",
                "Reports", "FlowCheckEngine", "FlowCheckClientSuite", "FlowCheckSuites", "SampleImplementations",
                "FlowCheckDecodingSuite", "FlowCheckNavigationSuite",
            ],
            swiftSettings: strict),
        .executableTarget(name: "FlowCheckFuzz", dependencies: ["Fuzzing"], swiftSettings: strict),
        .executableTarget(name: "FlowCheckCLI", dependencies: ["FlowCheckCommands"], swiftSettings: strict),
        .executableTarget(
            name: "FlowCheckBench",
            dependencies: [
                "ConformanceRules", "PropertyTesting", "PropertyTestingExamples", "FlowCheckEngine",
                "FlowCheckCommands", "FlowCheckSuites", "FlowCheckCore", "FlowCheckRecords", "FlowSchema", "JSON",
                "NavigationModel", "ProcessProtocol", "SampleImplementations", "RUFSpec", "YAML", "RUFClientModel",
                "FlowCheckDecodingSuite", "FlowCheckNavigationSuite",
            ],
            swiftSettings: strict
        ),

        .testTarget(name: "HTTPWireTests", dependencies: ["HTTPWire"], swiftSettings: strict),
        .testTarget(
            name: "RUFServerModelTests",
            dependencies: ["ConformanceRules", "JSON", "RUFServerModel", "RUFSpec"],
            swiftSettings: strict),
        .testTarget(
            name: "ServerSuiteTests",
            dependencies: [
                "ConformanceRules", "FlowCheckCore", "FlowCheckEngine", "FlowCheckGating", "FlowCheckRecords",
                "FlowCheckServerSuite", "FlowCheckSuites", "HTTPWire", "JSON", "PropertyTesting", "RUFServerModel",
                "RUFSpec",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "NavigationModelTests", dependencies: ["ConformanceRules", "JSON", "NavigationModel"],
            swiftSettings: strict),
        .testTarget(
            name: "FlowCheckTests",
            dependencies: [
                "ConformanceRules", "FlowCheckEngine", "FlowCheckClientSuite", "FlowCheckCore", "FlowCheckRecords",
                "FlowCheckSuites", "FlowSchema", "JSON", "NavigationModel", "PropertyTesting", "RUFClientModel",
                "SampleImplementations", "FlowCheckDecodingSuite", "FlowCheckNavigationSuite", "FlowRuntimeModel",
                "FlowCheckRuntimeSuite", "HTTPWire",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "FlowRuntimeModelTests", dependencies: ["ConformanceRules", "FlowRuntimeModel"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ProcessProtocolTests",
            dependencies: [
                "ProcessProtocol", "SchemaValidation", "ConformanceRules", "FlowCheckEngine", "FlowCheckClientSuite",
                "FlowCheckCore", "FlowCheckRecords", "FlowCheckSuites", "FlowSchema", "NavigationModel", "JSON",
                "RUFClientModel", "FlowCheckDecodingSuite", "FlowCheckNavigationSuite", "FlowCheckRuntimeSuite",
                "FlowRuntimeModel", "PropertyTesting",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "FlowCheckCommandsTests",
            dependencies: [
                "FlowCheckCommands", "FlowCheckCLI", "ConformanceRules", "FlowCheckEngine", "FlowCheckClientSuite",
                "FlowCheckCore", "FlowCheckGating", "FlowCheckRecords", "FlowCheckSuites", "GoldenCorpus",
                "NavigationModel", "RUFClientModel", "RUFSpec", "SampleImplementations", "JSON", "FlowSchema",
                "FlowCheckNavigationSuite", "FlowCheckTestSupport", "PropertyTesting", "FlowRuntimeModel", "Reports",
                "HTTPWire", "RUFServerModel",
            ],
            exclude: ["Help"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "FlowCheckTestSupportTests",
            dependencies: [
                "FlowCheck", "FlowCheckTestSupport", "FlowCheckEngine", "FlowCheckCore", "FlowSchema",
                "NavigationModel", "SampleImplementations", "FlowCheckRecords", "FlowRuntimeModel",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ReportsTests",
            dependencies: [
                "Reports", "ConformanceRules", "FlowCheckEngine", "FlowCheckCore", "FlowCheckRecords",
                "FlowCheckSuites", "NavigationModel", "PropertyTesting", "SampleImplementations", "JSON",
                "FlowCheckNavigationSuite", "FlowCheckCommands", "FlowCheckTestSupport",
            ],
            exclude: ["Golden"],
            swiftSettings: strict
        ),
        // Validates JSON against the kit's schema files (process protocol messages, run records) in tests.
        .target(name: "SchemaValidation", path: "Tests/SchemaValidation", swiftSettings: strict),
        .testTarget(
            name: "FlowCheckRecordsTests",
            dependencies: [
                "FlowCheckRecords", "FlowCheckCommands", "FlowCheckCore", "SchemaValidation", "ConformanceRules",
                "FlowSchema", "JSON",
            ],
            swiftSettings: strict
        ),
        .testTarget(name: "FuzzingTests", dependencies: ["Fuzzing"], exclude: ["Regressions"], swiftSettings: strict),
        .testTarget(name: "JSONTests", dependencies: ["JSON"], swiftSettings: strict),
        .testTarget(name: "YAMLTests", dependencies: ["YAML"], swiftSettings: strict),
        .testTarget(
            name: "RUFSpecTests", dependencies: ["RUFSpec", "JSON", "PropertyTesting"], swiftSettings: strict),
        .testTarget(
            name: "FlowSchemaTests", dependencies: ["ConformanceRules", "FlowSchema"], swiftSettings: strict),
        .testTarget(name: "ArgumentParsingTests", dependencies: ["ArgumentParsing"], swiftSettings: strict),
        .testTarget(
            name: "GoldenCorpusTests",
            dependencies: [
                "ConformanceRules", "FlowCheckClientSuite", "GoldenCorpus", "NavigationModel", "FlowSchema", "JSON",
                "RUFClientModel", "FlowCheckDecodingSuite", "FlowCheckNavigationSuite", "FlowCheckRuntimeSuite",
                "FlowRuntimeModel", "FlowCheckEngine",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "PropertyTestingTests",
            dependencies: ["PropertyTesting", "PropertyTestingTestSupport", "PropertyTestingExamples"],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
