import AlmanacCLI
import Foundation

// The executable only hands its arguments to the command library and exits with its status.
exit(AlmanacMain.main(Array(CommandLine.arguments.dropFirst())))
