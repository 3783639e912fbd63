import FlowCheckCommands
import Foundation

// `flowcheck`: everything lives in FlowCheckCommands, which the tests drive in-process.
exit(FlowCheckCommand.main(Array(CommandLine.arguments.dropFirst())).rawValue)
