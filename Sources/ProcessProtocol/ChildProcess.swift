import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An implementation's process, started in a process group of its own.
///
/// Stopping it signals the whole group, so a shell and whatever it started go together; SIGTERM comes first, and
/// SIGKILL after a grace period for anything that ignores it. A reaper thread waits for the process, so its exit
/// status (or the signal that killed it) is known the moment it ends.
final class ChildProcess: @unchecked Sendable {
    /// The process id, which is also its process group id.
    let pid: pid_t
    /// The write end of its standard input, non-blocking, so that a request to a process that stopped reading waits
    /// only until its deadline (see ``LineWriter``).
    let stdinDescriptor: Int32
    /// The read end of its standard output.
    let stdoutDescriptor: Int32
    /// The read end of its standard error.
    let stderrDescriptor: Int32

    /// The environment entry it and everything it starts carry (``Orphans``).
    let token: String

    private let condition = NSCondition()
    private var waitStatus: Int32?
    private var inputClosed = false

    /// Starts `commandLine`: directly when it is plain words (optionally after `NAME=value` assignments), under
    /// `/bin/sh -c` when it needs a shell.
    init(commandLine: String) throws(ProcessError) {
        var (arguments, environment) = Self.plan(commandLine)
        // What it starts carries the token, so that the kit can tell its orphans from others (Orphans).
        token = Orphans.newToken()
        environment.append(token)
        let prefix = Orphans.deathSignalPrefix
        if let prefix {
            // Under setpriv the program is looked up by setpriv, which cannot say so before it runs: look it up here,
            // so that a missing program is still a failure to start.
            let (program, failure) = Self.resolve(arguments[0], environment: environment)
            guard let program else {
                throw ProcessError(
                    code: .launchFailed,
                    message: "could not start `\(commandLine)`: \(String(cString: strerror(failure)))")
            }
            arguments = prefix + [program] + arguments.dropFirst()
        }
        var input: [Int32] = [0, 0], output: [Int32] = [0, 0], errors: [Int32] = [0, 0]
        var pid: pid_t = 0
        var noPipe: Int32 = 0
        let start = { () -> Int32? in
            Self.spawning.withLock { _ -> Int32? in
                guard Self.pipe(&input), Self.pipe(&output), Self.pipe(&errors) else {
                    noPipe = errno
                    return nil
                }
                return Self.spawn(arguments, environment, input: input[0], output: output[1], errors: errors[1], &pid)
            }
        }
        let result = prefix == nil ? start() : LaunchThread.shared.run(start)
        guard let result else {
            throw ProcessError(
                code: .launchFailed,
                message: "could not start `\(commandLine)`: no pipes (\(String(cString: strerror(noPipe))))")
        }
        for descriptor in [input[0], output[1], errors[1]] { close(descriptor) }
        guard result == 0 else {
            for descriptor in [input[1], output[0], errors[0]] { close(descriptor) }
            throw ProcessError(
                code: .launchFailed, message: "could not start `\(commandLine)`: \(String(cString: strerror(result)))")
        }
        self.pid = pid
        ProcessGroups.started(pid)
        stdinDescriptor = input[1]
        _ = fcntl(input[1], F_SETFL, fcntl(input[1], F_GETFL) | O_NONBLOCK)
        stdoutDescriptor = output[0]
        // Non-blocking: the line reader reads only after poll(2) says there is something, and a wakeup that had
        // nothing after all must not block it past its deadline.
        _ = fcntl(output[0], F_SETFL, fcntl(output[0], F_GETFL) | O_NONBLOCK)
        stderrDescriptor = errors[0]
        let child = pid
        let reaper = Thread { [self] in
            var status: Int32 = 0
            while waitpid(child, &status, 0) == -1 && errno == EINTR {}
            condition.lock()
            waitStatus = status
            condition.broadcast()
            condition.unlock()
        }
        reaper.start()
    }

    /// Held from creating a process's pipes to starting it: workers of a parallel run start processes from several
    /// threads at once, and a process started between another's pipe and its close-on-exec mark would inherit it.
    private static let spawning = Mutex<Void>(())

    /// Starts `arguments` with `input`, `output` and `errors` as its standard input, output and error, in a process
    /// group of its own; returns what posix_spawnp(3) returns.
    private static func spawn(
        _ arguments: [String], _ environment: [String], input: Int32, output: Int32, errors: Int32, _ pid: inout pid_t
    ) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, errors, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own group (pgid = its pid), and SIGPIPE, SIGINT and SIGTERM back to their defaults: the kit ignores them
        // (it hears SIGINT and SIGTERM through dispatch sources), and an ignored signal is inherited across exec.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGPIPE, SIGINT, SIGTERM] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        return posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
    }

    /// `program` as a path to an executable file: itself when it names a path, else the first match in the PATH of
    /// `environment`; `nil` and the errno of the failure (ENOENT, EACCES) when there is none.
    static func resolve(_ program: String, environment: [String]) -> (String?, Int32) {
        if program.contains("/") { return access(program, X_OK) == 0 ? (program, 0) : (nil, errno) }
        let path = environment.last { $0.hasPrefix("PATH=") }.map { String($0.dropFirst(5)) } ?? "/usr/bin:/bin"
        var failure = ENOENT
        for folder in path.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (folder.isEmpty ? "." : String(folder)) + "/" + program
            var info = stat()
            guard stat(candidate, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else { continue }
            if access(candidate, X_OK) == 0 { return (candidate, 0) }
            failure = EACCES
        }
        return (nil, failure)
    }

    /// A pipe whose ends close on exec, so that another implementation started later does not inherit them
    /// (an inherited write end would keep this one's output open after it exits).
    private static func pipe(_ ends: inout [Int32]) -> Bool {
        guard Glibc.pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return true
    }

    /// The kit's own environment, entry by entry as the C library holds it: Foundation's dictionary drops an entry
    /// whose value starts with a combining or tag character (the `=` and that character make one Character).
    static func inheritedEnvironment() -> [String] {
        var entries: [String] = []
        var cursor = environ
        while let entry = cursor.pointee {
            entries.append(String(cString: entry))
            cursor += 1
        }
        return entries
    }

    /// The argument vector and environment for `commandLine`: plain words run directly, anything else under a shell.
    static func plan(_ commandLine: String) -> (arguments: [String], environment: [String]) {
        var environment = Self.inheritedEnvironment()
        let plain = commandLine.allSatisfy { $0.isLetter || $0.isNumber || " -_./:=@,+%".contains($0) }
        var words = commandLine.split(separator: " ").map(String.init)
        guard plain, !words.isEmpty else { return (["/bin/sh", "-c", commandLine], environment) }
        while let first = words.first, let equals = first.firstIndex(of: "="),
            first[..<equals].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
            equals != first.startIndex
        {
            let name = first[..<equals]
            environment.removeAll { $0.utf8.starts(with: (name + "=").utf8) }
            environment.append(first)
            words.removeFirst()
        }
        // A shell builtin (`exec`, `ulimit`, `cd`) is no program to start: the line means what `/bin/sh -c` makes of
        // it, as the protocol article says it runs.
        guard let program = words.first, !shellBuiltins.contains(program) else {
            return (["/bin/sh", "-c", commandLine], Self.inheritedEnvironment())
        }
        return (words, environment)
    }

    /// The POSIX special and regular builtins a plain command line may start with, and a few every shell has.
    static let shellBuiltins: Set<String> = [
        "exec", "ulimit", "umask", "export", "cd", "set", "unset", "eval", ".", "source", "command", "trap", "readonly",
        "shift", "times", "wait", "alias", "unalias", "type", "hash", "getopts", "read",
    ]

    deinit { closeInput() }

    /// Closes its standard input (once; later calls do nothing), which tells a process that reads to the end to exit.
    func closeInput() {
        condition.lock()
        defer { condition.unlock() }
        guard !inputClosed else { return }
        inputClosed = true
        close(stdinDescriptor)
    }

    /// Whether the process is still running.
    var isRunning: Bool {
        condition.lock()
        defer { condition.unlock() }
        return waitStatus == nil
    }

    /// How the process ended, such as `exited with status 3` or `was killed by signal 11 (SIGSEGV)`; `nil` while running.
    var ending: String? {
        condition.lock()
        defer { condition.unlock() }
        return waitStatus.map(Self.describe)
    }

    /// Waits until the process has ended or `deadline` passes; returns whether it ended.
    @discardableResult
    func waitForExit(before deadline: Date) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while waitStatus == nil {
            if !condition.wait(until: deadline) { return waitStatus != nil }
        }
        return true
    }

    /// Ends the whole process group: SIGTERM, then SIGKILL after `grace` for what is left, and waits until the
    /// process is reaped. Members of the group that outlive the process itself are killed too.
    func terminate(grace: Duration = .seconds(1)) {
        closeInput()
        if isRunning {
            kill(-pid, SIGTERM)
            waitForExit(before: Date().addingTimeInterval(Self.seconds(grace)))
        }
        // Whatever is left in the group (the process itself if it ignored SIGTERM, or a child it left behind).
        kill(-pid, SIGKILL)
        // SIGKILL cannot be ignored, so this wait ends; `wait()` without a deadline (a `.distantFuture` deadline traps on Linux).
        condition.lock()
        while waitStatus == nil { condition.wait() }
        condition.unlock()
        // The rest of the group dies asynchronously: give it a moment to be gone, so that "stopped" means stopped.
        let deadline = Date().addingTimeInterval(1)
        while Self.groupHasLiveMembers(pid) && Date() < deadline { usleep(2_000) }
        ProcessGroups.ended(pid)
        // What left the group (a daemon that double-forked and called setsid) was adopted by the kit, if it can.
        Orphans.sweep(token: token)
    }

    /// Whether a process group still has a member that is not a zombie. `kill(-group, 0)` cannot say: a killed
    /// member reparented to an init that does not reap (as in many containers) stays a zombie, and would make every
    /// stop wait out its whole deadline.
    static func groupHasLiveMembers(_ group: pid_t) -> Bool {
        guard kill(-group, 0) == 0 else { return false }
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return true }
        for entry in entries where entry.first?.isNumber == true {
            guard let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            // After the command's closing parenthesis: state, ppid, pgrp.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 2, fields[2] == "\(group)", fields[0] != "Z" { return true }
        }
        return false
    }

    /// A wait status in words.
    static func describe(_ status: Int32) -> String {
        let signal = status & 0x7f
        if signal == 0 {
            let code = (status >> 8) & 0xff
            // A shell reports a child killed by signal N as status 128 + N.
            let shell =
                code > 128 && code < 160 ? " (as a shell reports signal \(code - 128), \(signalName(code - 128)))" : ""
            return "exited with status \(code)" + shell
        }
        return "was killed by signal \(signal) (\(signalName(signal)))"
    }

    /// `SIGSEGV` for 11; the number alone for a signal without a usual name.
    static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP",
            SIGABRT: "SIGABRT",
            SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGUSR1: "SIGUSR1", SIGSEGV: "SIGSEGV",
            SIGUSR2: "SIGUSR2",
            SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM", SIGTERM: "SIGTERM",
        ]
        return names[signal] ?? "signal \(signal)"
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
