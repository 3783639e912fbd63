import ConformanceRules
import FlowCheckCore
package import FlowCheckEngine
import FlowCheckRecords
import Foundation
import GoldenCorpus
import JSON
import PropertyTesting

/// What golden-case runs share across suites: the corpus hash a record keeps. Each suite runs its own cases
/// (`GoldenCases`).
package enum CorpusRun {
    /// A hash of the corpus content (not its formatting): the same cases give the same hash everywhere.
    package static func hash(_ formats: [GoldenCases]) -> String {
        "fnv1a64:" + FailureIdentity.hex(FailureIdentity.fnv1a(formats.reduce(Data()) { $0 + $1.content }))
    }
}
