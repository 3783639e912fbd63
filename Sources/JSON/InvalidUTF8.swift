/// Where a file's bytes stop being UTF-8, told the way an editor shows a place: line and column.
///
/// A lone surrogate written as bytes (`ED A0 80`), a Latin-1 letter or a cut sequence are all named by the first byte
/// that is not part of valid UTF-8, so a user can go to it.
public struct InvalidUTF8: Hashable, Sendable, CustomStringConvertible {
    /// The offset of the first bad byte from the start of the bytes.
    public var offset: Int
    /// Its line, from 1.
    public var line: Int
    /// Its column, from 1, in bytes from the start of its line.
    public var column: Int

    /// The first byte of `bytes` that is not valid UTF-8; `nil` when they all are.
    public static func first<Bytes: Sequence>(in bytes: Bytes) -> InvalidUTF8? where Bytes.Element == UInt8 {
        var place = InvalidUTF8(offset: 0, line: 1, column: 1)
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                let width = UTF8.width(scalar)
                place.offset += width
                if scalar == "\n" {
                    place.line += 1
                    place.column = 1
                } else {
                    place.column += width
                }
            case .emptyInput:
                return nil
            case .error:
                return place
            }
        }
    }

    /// `line 3, column 14 (byte 52) is not valid UTF-8`.
    public var description: String { "line \(line), column \(column) (byte \(offset)) is not valid UTF-8" }
}
