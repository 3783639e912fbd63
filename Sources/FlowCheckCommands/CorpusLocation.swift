import ArgumentParsing
import Foundation

/// Where the golden cases are when `--corpus` is not given: `./Corpus` when the working folder holds the kit's corpus
/// (a run in the kit's checkout), else the `Corpus` folder of the checkout the running `flowcheck` was built in, found
/// by walking up from the executable (`<kit>/.build/release/flowcheck`), so that `certify` run from an SDK's
/// repository finds the kit's corpus without being told. The kit's corpus says what it is with a README beside its
/// suites' folders: an SDK's own `Corpus` of saved regressions (`--save-failures Corpus`) never hides it, and is run
/// with `--corpus Corpus`.
enum CorpusLocation {
    /// The corpus folder to use: `given` when the option was given, else the first of the places above that exists.
    static func resolve(given: String?, executable: String = runningExecutable) -> String {
        if let given { return given }
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: "Corpus", isDirectory: &isDirectory), isDirectory.boolValue,
            fileManager.fileExists(atPath: "Corpus/README.md")
        {
            return "Corpus"
        }
        return besideExecutable(executable) ?? "Corpus"
    }

    /// Why no case was found, and what to do: a `--corpus` that holds none, or no kit corpus where one was looked
    /// for.
    static func noCases(under folder: URL, given: Bool, executable: String = runningExecutable) -> String {
        given
            ? "no golden cases found under \(folder.path): give --corpus the kit's Corpus folder, or one "
                + "--save-failures wrote"
            : "no golden cases found: the working folder has no kit Corpus (one with a README.md), and no folder "
                + "above \(executable) has one; give --corpus <folder>"
    }

    /// The running executable's path: `/proc/self/exe` where there is one (a `flowcheck` found through `PATH` is
    /// called by its bare name), else the path it was called by.
    static var runningExecutable: String {
        let proc = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        if proc != "/proc/self/exe", FileManager.default.isExecutableFile(atPath: proc) { return proc }
        return Bundle.main.executablePath ?? CommandLine.arguments.first ?? ""
    }

    /// The `Corpus` folder in the nearest folder above the executable (its links resolved) that has one.
    static func besideExecutable(_ executable: String) -> String? {
        guard !executable.isEmpty else { return nil }
        var url = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<8 {
            let candidate = url.appendingPathComponent("Corpus", isDirectory: true)
            var isDirectory: ObjCBool = false
            // The kit's corpus says what it is: a README beside its suites' folders.
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), isDirectory.boolValue,
                FileManager.default.fileExists(atPath: candidate.appendingPathComponent("README.md").path)
            {
                return candidate.path
            }
            let parent = url.deletingLastPathComponent()
            if parent.path == url.path { break }
            url = parent
        }
        return nil
    }
}
