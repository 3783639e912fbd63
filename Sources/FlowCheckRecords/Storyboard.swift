/// How a failure is drawn in the HTML report: a table whose rows are the steps (or the outcomes) and
/// whose cells hold text, code, or a picture of a stack.
///
/// A suite builds its storyboard when it describes a failure; the report draws any storyboard the same
/// way, so a new suite needs no code in the reports.
public struct Storyboard: Hashable, Codable, Sendable {
    /// One row: a label (a step's index) and its cells.
    public struct Row: Hashable, Codable, Sendable {
        /// The first column's text, such as `0` or `start`.
        public var label: String
        /// Whether this is the row where the implementation diverged (it is highlighted).
        public var diverged: Bool
        /// The other columns.
        public var cells: [Cell]

        /// Creates a row.
        public init(label: String, diverged: Bool = false, cells: [Cell]) {
            self.label = label
            self.diverged = diverged
            self.cells = cells
        }
    }

    /// One cell: a note above its content, and text, code, preformatted text or a stack picture.
    public struct Cell: Hashable, Codable, Sendable {
        /// How the text is set.
        public enum Style: String, Hashable, Codable, Sendable {
            /// Plain text.
            case text
            /// Inline code, such as a command.
            case code
            /// A block of preformatted text, such as JSON.
            case preformatted
        }

        /// A small line above the content, such as `applied` or `rejected (cannotPopRoot)`.
        public var note: String?
        /// Whether the note reports something wrong (drawn in red).
        public var alert: Bool
        /// The text, if any.
        public var text: String?
        /// How the text is set.
        public var style: Style
        /// A stack picture, if any.
        public var stack: StackPicture?
        /// How many columns the cell spans.
        public var span: Int

        /// Creates a cell.
        public init(
            note: String? = nil, alert: Bool = false, text: String? = nil, style: Style = .text,
            stack: StackPicture? = nil,
            span: Int = 1
        ) {
            self.note = note
            self.alert = alert
            self.text = text
            self.style = style
            self.stack = stack
            self.span = span
        }
    }

    /// A stack drawn as cards, bottom first, grouped in layers.
    public struct StackPicture: Hashable, Codable, Sendable {
        /// One screen.
        public struct Card: Hashable, Codable, Sendable {
            /// The screen's name.
            public var title: String
            /// The group it belongs to (its flow), which picks its colour; `nil` for none.
            public var group: String?
            /// Whether it carries the group's mark (a flow root).
            public var marked: Bool

            /// Creates a card.
            public init(title: String, group: String?, marked: Bool) {
                self.title = title
                self.group = group
                self.marked = marked
            }
        }

        /// A layer: the root layer or a presented (modal) one.
        public struct Layer: Hashable, Codable, Sendable {
            /// Whether the layer is presented over the others.
            public var presented: Bool
            /// Its cards, bottom first.
            public var cards: [Card]

            /// Creates a layer.
            public init(presented: Bool, cards: [Card]) {
                self.presented = presented
                self.cards = cards
            }
        }

        /// The layers, bottom first.
        public var layers: [Layer]
        /// A badge after the stack, such as `pending o3`.
        public var badge: String?

        /// Creates a stack picture.
        public init(layers: [Layer], badge: String? = nil) {
            self.layers = layers
            self.badge = badge
        }
    }

    /// The column headings: the first heads the rows' labels, the others their cells, in order.
    public var columns: [String]
    /// The rows, in order.
    public var rows: [Row]
    /// A block shown above the table, such as the minimal document, with its title.
    public var preface: Preface?

    /// A titled block of preformatted text, such as the exact text a decoder received, and a formatted view of it.
    public struct Preface: Hashable, Codable, Sendable {
        /// The block's title, such as `Minimal document`.
        public var title: String
        /// The text, exactly as the implementation received it.
        public var text: String
        /// The same text laid out for reading (JSON indented), shown beside the exact text; `nil` for none.
        public var formatted: String?

        /// Creates a preface.
        public init(title: String, text: String, formatted: String? = nil) {
            self.title = title
            self.text = text
            self.formatted = formatted
        }
    }

    /// Creates a storyboard.
    public init(columns: [String], rows: [Row], preface: Preface? = nil) {
        self.columns = columns
        self.rows = rows
        self.preface = preface
    }
}
