// PLACEHOLDER: the lead engineer replaces this file with the real run/status/rerun/worker execution.

func executeRun(_ options: RunOptions) throws -> Int32 {
    throw CommandFailure(.internalError, "'quire run' is not yet implemented")
}

func executeStatus(_ options: StatusOptions) throws -> Int32 {
    throw CommandFailure(.internalError, "'quire status' is not yet implemented")
}

func executeRerun(_ options: RerunOptions) throws -> Int32 {
    throw CommandFailure(.internalError, "'quire rerun' is not yet implemented")
}

func executeWorker(_ options: WorkerOptions) throws -> Int32 {
    throw CommandFailure(.internalError, "'quire __worker' is not yet implemented")
}
