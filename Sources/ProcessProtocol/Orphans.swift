import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// What the kit does, on Linux, so that no process an implementation starts outlives it.
///
/// A process group is not enough: a grandchild that double-forks and calls `setsid` leaves the group, and a kit killed
/// with SIGKILL stops nothing. So:
///
/// - The `flowcheck` command becomes a *child subreaper* (`PR_SET_CHILD_SUBREAPER`): whatever an implementation leaves
///   behind is reparented to the kit instead of to init. Every process the kit starts carries a token in its
///   environment (`FLOWCHECK_KIT=<kit pid>:<n>`, inherited by its descendants); when the kit stops an implementation it
///   kills the adopted processes that carry its token, and when it exits, every adopted process that carries one.
/// - Every implementation starts with a *parent-death signal* (`PR_SET_PDEATHSIG`, SIGKILL), set by util-linux's
///   `setpriv` when the machine has it, so that it dies with the kit even when the kit is killed with SIGKILL. The
///   signal follows the thread that started the process, so every process is started from one thread that lives as
///   long as the kit.
///
/// Not covered: a descendant that clears its environment before it daemonizes is adopted but not recognized, and is
/// left running; a descendant of an implementation killed with the kit by SIGKILL gets no signal of its own.
package enum Orphans {
    private static let adopting = Atomic<Bool>(false)
    private static let counter = Atomic<Int>(0)

    /// The environment entry naming the processes an implementation started: `FLOWCHECK_KIT=<kit pid>:<n>`.
    static func newToken() -> String {
        "FLOWCHECK_KIT=\(getpid()):\(counter.wrappingAdd(1, ordering: .relaxed).newValue)"
    }

    /// Makes this process adopt the orphans of its descendants; returns whether the platform allowed it. For the
    /// `flowcheck` command only: a test process that embeds the kit keeps its own process tree.
    @discardableResult
    package static func adopt() -> Bool {
        guard let prctl = prctlFunction, prctl(36 /* PR_SET_CHILD_SUBREAPER */, 1, 0, 0, 0) == 0 else { return false }
        adopting.store(true, ordering: .releasing)
        return true
    }

    /// Kills and reaps the adopted processes whose environment holds `token` (`FLOWCHECK_KIT=<pid>:<n>`, or the prefix
    /// `FLOWCHECK_KIT=<pid>:` for every implementation's), and the orphans that killing them makes, until none is left.
    static func sweep(token: String) {
        guard adopting.load(ordering: .acquiring) else { return }
        let me = getpid()
        // Each pass kills what is adopted now; their own children are adopted in turn and met by the next pass.
        for _ in 0..<64 {
            let found = adopted(by: me).filter { carries($0, token: token) }
            guard !found.isEmpty else { return }
            for pid in found {
                kill(-pid, SIGKILL)
                kill(pid, SIGKILL)
                var status: Int32 = 0
                while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            }
        }
    }

    /// Every process started by this kit that is left: at exit.
    package static func sweepAll() { sweep(token: "FLOWCHECK_KIT=\(getpid()):") }

    /// Live children of `parent` that the kit did not start itself (not the leader of a group it runs).
    private static func adopted(by parent: pid_t) -> [pid_t] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        let leaders = ProcessGroups.liveGroups
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry), !leaders.contains(pid),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 1, fields[0] != "Z", fields[1] == "\(parent)" else { return nil }
            return pid
        }
    }

    /// Whether `pid`'s environment holds `token`: the exact entry, or one that starts with it when it ends with `:`.
    private static func carries(_ pid: pid_t, token: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
        let entries = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        return token.hasSuffix(":") ? entries.contains { $0.hasPrefix(token) } : entries.contains(token)
    }

    /// The C library's prctl(2), which Swift cannot call directly (it is variadic): looked up by name and called with
    /// its five integer arguments, which is how every Linux ABI passes them.
    private static let prctlFunction: (@convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32)? = {
        #if os(Linux)
        // RTLD_DEFAULT, a null handle on glibc: the symbol as the process sees it.
        guard let symbol = dlsym(nil, "prctl") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32).self)
        #else
        return nil
        #endif
    }()

    /// The words that start a program with SIGKILL as its parent-death signal (util-linux's `setpriv`), or `nil`
    /// when this machine has no `setpriv` that can (checked once, by starting `true` under it).
    static let deathSignalPrefix: [String]? = {
        #if os(Linux)
        let setpriv = "/usr/bin/setpriv"
        guard access(setpriv, X_OK) == 0, access("/bin/true", X_OK) == 0 else { return nil }
        let prefix = [setpriv, "--pdeathsig", "KILL", "--"]
        let argv = (prefix + ["/bin/true"]).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, setpriv, nil, nil, argv, environ) == 0 else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return status == 0 ? prefix : nil
        #else
        return nil
        #endif
    }()
}
