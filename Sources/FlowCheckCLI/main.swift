import FlowCheckCommands
import Foundation

// `flowcheck`: everything lives in FlowCheckCommands, which the tests drive in-process. Only a real process
// handles SIGHUP, SIGINT and SIGTERM: the run stops, writes its results so far, and exits 129, 130 or 143.
var console = Console.standard
console.stop = Interruption.install()
Interruption.exit(FlowCheckCommand.main(Array(CommandLine.arguments.dropFirst()), console: console).rawValue)
