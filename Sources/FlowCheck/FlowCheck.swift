// The one module an SDK's test target imports. It re-exports the modules the certifying guide uses: the adapter
// protocols and capabilities, the navigation and client models whose values an adapter translates, the flow decoder's
// canonical form, the navigation, decoding and client suites' protocols, and `expectConformance`. The engine, the
// process protocol and the reports stay out: an SDK's test target does not name them, and they would only add names
// to clash with.
@_exported import ConformanceRules
@_exported import FlowCheckClientSuite
@_exported import FlowCheckCore
@_exported import FlowCheckDecodingSuite
@_exported import FlowCheckNavigationSuite
@_exported import FlowCheckRuntimeSuite
@_exported import FlowCheckTestSupport
@_exported import FlowRuntimeModel
@_exported import FlowSchema
@_exported import NavigationModel
@_exported import RUFClientModel
