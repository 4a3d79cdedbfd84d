// swift-tools-version:6.0
// quire: a batch document-processing pipeline. See README.md.
import PackageDescription

let package = Package(
    name: "quire",
    products: [
        .executable(name: "quire", targets: ["quire"]),
        .library(name: "QuireCLI", targets: ["QuireCLI"]),
    ],
    targets: [
        // MARK: C libraries (Debian -dev packages), one system-library target each.
        .systemLibrary(name: "CTesseract", pkgConfig: "tesseract",
                       providers: [.apt(["libtesseract-dev", "tesseract-ocr-eng", "tesseract-ocr-osd"])]),
        .systemLibrary(name: "CLeptonica", pkgConfig: "lept", providers: [.apt(["libleptonica-dev"])]),
        .systemLibrary(name: "CPoppler", pkgConfig: "poppler-glib",
                       providers: [.apt(["libpoppler-glib-dev", "libcairo2-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CGLib", pkgConfig: "glib-2.0", providers: [.apt(["libglib2.0-dev"])]),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CSystem"),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CQPDF", pkgConfig: "libqpdf", providers: [.apt(["libqpdf-dev"])]),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(name: "CZBar", pkgConfig: "zbar", providers: [.apt(["libzbar-dev"])]),
        .systemLibrary(name: "CTIFF", pkgConfig: "libtiff-4", providers: [.apt(["libtiff-dev"])]),
        .systemLibrary(name: "CExif", pkgConfig: "libexif", providers: [.apt(["libexif-dev"])]),
        .systemLibrary(name: "CGIF", pkgConfig: "libgif", providers: [.apt(["libgif-dev"])]),
        // zxing-cpp 1.4 has no C API: a small C++ target with a plain-C header.
        .target(name: "ZXingShim",
                cxxSettings: [.define("ZX_USE_UTF8")],
                linkerSettings: [.linkedLibrary("ZXing")]),
        // libphonenumber (C++) has no C API either: the same shape. Debian ships no .pc file.
        .target(name: "PhoneNumberShim",
                linkerSettings: [.linkedLibrary("phonenumber")]),
        // CLD2 (language identification, Debian's libcld2-dev) is C++ too: the same shape.
        .target(name: "CLD2Shim",
                linkerSettings: [.linkedLibrary("cld2")]),
        // qpdf's C API has no content-stream tokenizer: its C++ QPDFTokenizer, the same shape.
        .target(name: "QPDFTokenShim",
                linkerSettings: [.linkedLibrary("qpdf")]),

        // poppler-glib cannot draw a page without its images: poppler's Splash renderer through its
        // private C++ headers (Debian's libpoppler-private-dev), the same shape. The headers include
        // one another from /usr/include/poppler.
        .target(name: "PopplerInkShim",
                cxxSettings: [.unsafeFlags(["-I/usr/include/poppler"])],
                linkerSettings: [.linkedLibrary("poppler")]),
        // One walk over the text poppler-glib has laid out for a page (its cached TextPage), where
        // poppler-glib's own calls walk it three times; the same private headers.
        .target(name: "PopplerTextShim",
                cxxSettings: [.unsafeFlags(["-I/usr/include/poppler"])],
                linkerSettings: [.linkedLibrary("poppler")]),

        // MARK: Pure values and algorithms (no C).
        .target(name: "DocumentModel"),
        // The binary form of the worker pipe's messages (pure Swift).
        .target(name: "BinaryCoding"),
        .target(name: "Layout", dependencies: ["DocumentModel"]),
        .target(name: "DataDetection", dependencies: ["DocumentModel"]),
        .target(name: "Split", dependencies: ["DocumentModel"]),

        // MARK: One Swift wrapper per C library.
        .target(name: "SQLite", dependencies: ["CSQLite"]),
        .target(name: "YAML", dependencies: ["CYAML"]),
        .target(name: "XML", dependencies: ["CLibXML2"]),
        .target(name: "QPDF", dependencies: ["CQPDF", "QPDFTokenShim"]),
        .target(name: "Imaging", dependencies: ["CLeptonica", "CTIFF", "CExif", "CGIF", "DocumentModel"]),
        .target(name: "PDF", dependencies: ["CPoppler", "PopplerInkShim", "PopplerTextShim", "Imaging", "DocumentModel"]),
        .target(name: "OCR", dependencies: ["CTesseract", "Imaging", "DocumentModel"]),
        .target(name: "Barcodes", dependencies: ["ZXingShim", "CZBar", "Imaging", "DocumentModel"]),
        .target(name: "PhoneNumbers", dependencies: ["PhoneNumberShim", "DataDetection"]),
        .target(name: "LanguageID", dependencies: ["CLD2Shim"]),

        // MARK: The pipeline and the command line.
        .target(name: "Pipeline",
                dependencies: ["BinaryCoding", "DocumentModel", "Layout", "SQLite", "YAML", "Imaging", "PDF", "OCR", "Barcodes", "DataDetection",
                               "PhoneNumbers", "CGLib", "CCrypto", "CSystem", "CTesseract", "Split", "LanguageID", "QPDF"],
                // QUIRE_FAULT (test-only fault injection) exists in debug builds only.
                swiftSettings: [.define("QUIRE_TEST_FAULTS", .when(configuration: .debug))]),
        .target(name: "Export", dependencies: ["DocumentModel", "Layout", "Pipeline", "Split", "XML", "QPDF", "Imaging", "OCR", "CTesseract"]),
        .target(name: "QuireCLI", dependencies: ["Pipeline", "Export"]),
        .executableTarget(name: "quire", dependencies: ["QuireCLI"]),
        // The measuring harnesses bench/ runs (bench/README.md); not part of the product.
        .executableTarget(name: "quire-bench",
                          dependencies: ["Barcodes", "DataDetection", "DocumentModel", "Imaging", "Layout", "OCR",
                                         "PhoneNumbers", "Pipeline", "BinaryCoding"],
                          path: "bench/Harness"),

        // MARK: Tests, in layers. Unit targets (no engines, no child processes; seconds, see
        // scripts/test-unit.sh): LayoutTests, BinaryCodingTests, YAMLTests, SQLiteTests, PipelineUnitTests,
        // QuireCLIUnitTests. Integration targets: real Tesseract, poppler, leptonica, zxing-cpp
        // and the quire binary end to end.
        .testTarget(name: "LayoutTests", dependencies: ["Layout"]),
        .testTarget(name: "BinaryCodingTests", dependencies: ["BinaryCoding"]),
        .testTarget(name: "PipelineUnitTests", dependencies: ["Pipeline", "LanguageID", "DataDetection"]),
        .testTarget(name: "QuireCLIUnitTests", dependencies: ["QuireCLI"]),
        .testTarget(name: "DataDetectionTests", dependencies: ["DataDetection"]),
        .testTarget(name: "SplitTests", dependencies: ["Split"]),
        .testTarget(name: "PhoneNumbersTests", dependencies: ["PhoneNumbers", "DataDetection"]),
        .testTarget(name: "YAMLTests", dependencies: ["YAML"]),
        .testTarget(name: "SQLiteTests", dependencies: ["SQLite"]),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging"]),
        .testTarget(name: "PDFTests", dependencies: ["PDF"]),
        .testTarget(name: "OCRTests", dependencies: ["OCR"]),
        .testTarget(name: "LanguageIDTests", dependencies: ["LanguageID", "DocumentModel"]),
        .testTarget(name: "BarcodesTests", dependencies: ["Barcodes"]),
        .testTarget(name: "PipelineTests", dependencies: ["Pipeline"]),
        .testTarget(name: "QuireCLITests", dependencies: ["QuireCLI", "XML", "YAML"]),
        .testTarget(name: "ExportTests", dependencies: ["Export", "XML"]),
    ],
    cxxLanguageStandard: .cxx17
)
