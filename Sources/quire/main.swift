import Foundation
import QuireCLI

exit(quireMain(CommandLine.arguments))
