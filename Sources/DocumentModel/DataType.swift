/// The kinds of data the detector finds: Vision's data-detector types (VisionKit's
/// `DataScannerViewController.TextContentType`, `DocumentObservation.DataDetector`) plus the
/// identifiers a back office files by. The raw values are the names used in pipeline files
/// (`data_detection: types:`) and in the database (`detected_data.type`).
public enum DataType: String, Codable, Sendable, CaseIterable, Comparable {
    case url, email, phone, date, time
    case dateRange = "date_range"
    case duration, money, address
    case trackingNumber = "tracking_number"
    case flightNumber = "flight_number"
    case iban, isbn, issn
    case vatID = "vat_id"

    public static func < (a: DataType, b: DataType) -> Bool { a.rawValue < b.rawValue }
}
