/// The UTF-8 byte order mark some editors (Notepad, a few exporters) put before a file's text.
public enum ByteOrderMark {
    /// Its three bytes.
    public static let utf8: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// A file's bytes without a leading byte order mark: every file the kit reads (specs, corpus cases, skip lists,
    /// baselines, records) is read past one, so that it never ends up in the first key. Rebased, so indices start at 0.
    public static func dropped<Bytes: RangeReplaceableCollection>(_ bytes: Bytes) -> Bytes
    where Bytes.Element == UInt8 {
        bytes.starts(with: utf8) ? Bytes(bytes.dropFirst(utf8.count)) : bytes
    }
}
