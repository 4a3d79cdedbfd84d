import CLeptonica

/// One-time leptonica setup: only errors reach stderr (its warnings are chatter for quire).
private let leptonicaConfigured: Bool = {
    _ = setMsgSeverity(Int32(L_SEVERITY_ERROR))
    return true
}()

/// Call before any leptonica work; cheap after the first call.
package func configureLeptonica() {
    _ = leptonicaConfigured
}
