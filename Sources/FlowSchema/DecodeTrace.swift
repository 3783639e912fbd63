/// What the reference decoder met in a document: each rule whose trigger fired, and on which element.
///
/// A rule is held only when enough documents fell under its trigger, and a divergence is blamed on a rule only when
/// the document fell under it and the implementation's output fails the rule's own check (``DecodingCheck``).
public struct DecodeTrace: Hashable, Sendable {
    /// One trigger that fired.
    public struct Hit: Hashable, Sendable {
        /// The rule's ID.
        public var rule: String
        /// Where, as a JSON path.
        public var path: String {
            get { location.text }
            set { location = .root(newValue) }
        }
        /// The screen node it concerns, when it is inside one.
        public var screen: String?
        /// The element it concerns: a node, component or parent component id.
        public var element: String?
        /// Where, written out as a path only when asked: every document's decode records its hits, and writing each
        /// one's path was a fifth of the reference decoder's time, for the few that a failure's description reads.
        var location: Location

        init(rule: String, location: Location, screen: String?, element: String?) {
            self.rule = rule
            self.location = location
            self.screen = screen
            self.element = element
        }

        public static func == (a: Hit, b: Hit) -> Bool {
            a.rule == b.rule && a.screen == b.screen && a.element == b.element && a.path == b.path
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(rule)
            hasher.combine(path)
            hasher.combine(screen)
            hasher.combine(element)
        }
    }

    /// The triggers that fired, in document order.
    public private(set) var hits: [Hit] = []
    /// The rule that made the document an error, when it is one.
    public internal(set) var fatal: String?
    /// The flows a reader that takes an unreadable content version at its face (`"8"` as 8, `7.5` as 7 or 8) decodes
    /// where they differ from the reference's: an implementation's flow that is one of them broke DEC-VERSION, and
    /// every migration difference follows from that (DEC-MIGRATE is not named for it).
    public internal(set) var misreadings: [CanonicalFlow] = []
    /// The edges skipped (DEC-EDGE) that name their id and both ends, as an implementation that kept them would
    /// write them: one of them kept breaks DEC-EDGE, whatever other edge shares its id.
    public internal(set) var skippedEdges: [CanonicalFlow.Edge] = []
    /// The nodes skipped for repeating an earlier node's id (DEC-DUPLICATE-NODE), as they decode on their own, each
    /// with the ids of the nodes kept between the first one and it: an implementation that kept one of them in the
    /// first one's place, before those, broke that rule, not the rules about its content.
    public internal(set) var duplicates: [Duplicate] = []

    /// A node skipped for repeating an earlier node's id.
    public struct Duplicate: Hashable, Sendable {
        /// The node as it decodes on its own.
        public var node: CanonicalFlow.Node
        /// The ids of the nodes kept between the first node of its id and it.
        public var between: [String]
    }

    /// Creates an empty trace.
    public init() {}

    /// The element of a DEC-MALFORMED-LAYOUT hit for a screen with no layout, or a `null` one, rather than a
    /// malformed one.
    public static let missingLayout = "(no layout)"

    /// The element of a DEC-DEPTH hit for deep nesting the decode never reached (a node skipped whole, a gate
    /// refused).
    public static let documentProps = "(nesting the decode never reached)"

    mutating func hit(_ rule: String, _ path: String, screen: String? = nil, element: String? = nil) {
        hit(rule, at: .root(path), screen: screen, element: element)
    }

    mutating func hit(_ rule: String, at location: Location, screen: String? = nil, element: String? = nil) {
        hits.append(Hit(rule: rule, location: location, screen: screen, element: element))
    }

    /// The distinct rules that fired, in the order they first did; the fatal rule included.
    public var rules: [String] {
        var result: [String] = []
        for hit in hits where !result.contains(hit.rule) { result.append(hit.rule) }
        if let fatal, !result.contains(fatal) { result.append(fatal) }
        return result
    }
}
