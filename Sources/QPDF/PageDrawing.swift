/// What a PDF page draws besides its text, read from its content streams without rendering
/// (``QPDFDocument/drawing(ofPage:budget:)``): the boxes of its images and of its filled or
/// stroked shapes, and how much work its content is.
///
/// Boxes are in the page's default user space (points, origin at the bottom left of the
/// MediaBox's coordinate system, before /Rotate). A pure value: no qpdf handle.
public struct PageDrawing: Sendable, Equatable {
    /// An axis-aligned box in user space.
    public struct Rect: Sendable, Equatable {
        public var minX: Double, minY: Double, maxX: Double, maxY: Double
        public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
            self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
        }
        public var width: Double { maxX - minX }
        public var height: Double { maxY - minY }
        public func union(_ other: Rect) -> Rect {
            Rect(minX: min(minX, other.minX), minY: min(minY, other.minY),
                 maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
        }
        public func expanded(by d: Double) -> Rect { Rect(minX: minX - d, minY: minY - d, maxX: maxX + d, maxY: maxY + d) }
        public func intersects(_ other: Rect) -> Bool {
            minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
        }
    }

    /// A painted shape: its box and how many subpaths it had (a code drawn as one path of many
    /// rectangles is one shape of many subpaths).
    public struct Shape: Sendable, Equatable {
        public var box: Rect
        public var subpaths: Int
        public init(box: Rect, subpaths: Int) { self.box = box; self.subpaths = subpaths }
    }

    /// Images drawn (image XObjects and inline images), each its unit square's box.
    public var images: [Rect] = []
    /// Shapes painted (filled, or stroked wider than a hairline), each with its box.
    public var shapes: [Shape] = []
    /// Content-stream operators read, over the page and the forms it draws.
    public var operators = 0
    /// Form XObjects drawn (a form drawn twice counts twice).
    public var forms = 0
    /// Graphics states set with a soft mask (each costs an offscreen group when rendered).
    public var softMasks = 0
    /// False when the walk stopped at its budget: the page draws more than was counted.
    public var complete = true
    /// Forms not walked because they are nested deeper than the walk goes (16 forms).
    public var formsTooDeep = 0
    /// Straight axis-aligned marks painted, each as its painted box: every stroked horizontal or
    /// vertical segment (widened by its line width; a hairline is one 300-dpi pixel wide), and
    /// every filled path no thicker than ``thinMark``. Rulings, frames and underlines are made
    /// of these (``QPDFDocument/drawing(ofPage:budget:)`` records them at any width).
    public var marks: [Rect] = []
    /// For each of `marks`, the gray level of its paint (0 black … 1 white: the luminance of the
    /// colour set by `G`/`g`, `RG`/`rg` or `K`/`k`; 0 for any other colour operator).
    public var markTones: [Double] = []
    /// Each of `marks` with its paint's gray (black when the tones were not recorded, as for a
    /// drawing built by hand).
    public var tonedMarks: Zip2Sequence<[Rect], [Double]> {
        zip(marks, markTones.count == marks.count ? markTones : marks.map { _ in 0 })
    }
    /// Painted paths that are not such marks: curves, slanted strokes, filled areas.
    public var otherPaint = 0
    /// The page's visible box (its CropBox, else its MediaBox, inherited), in user space; nil
    /// when neither could be read.
    public var pageBox: Rect?
    /// The page's /Rotate (inherited), in degrees, normalised to 0, 90, 180 or 270.
    public var rotation = 0
    /// True when the document has layers that are off in its default configuration
    /// (``QPDFDocument/hidesLayers``): marks drawn in them are counted here but not drawn by a
    /// render, so the drawing cannot stand in for one.
    public var hidesLayers = false
    /// For each of `images`, how many operators had been read when it was drawn (paint order).
    public var imageOperators: [Int] = []
    /// For each of `images`, the matrix that places its unit square on the page (user space):
    /// its rotation, flip and scale (``Placement``).
    public var imagePlacements: [Placement] = []
    /// For each of `images`, its size in its own pixels (/Width × /Height; 0 when unknown, as for
    /// an inline image), read without decoding it.
    public var imagePixels: [Int] = []
    /// How many operators had been read when text was last shown in a visible render mode
    /// (not 3, invisible, nor 7, clip only); -1 when none was.
    public var lastVisibleText = -1

    /// True when visible text is shown after (on top of) the largest image: the text of a page
    /// printed over a background picture. An OCR layer over a scan is invisible (mode 3), or
    /// hidden under the image it was drawn before.
    public var showsTextOverLargestImage: Bool {
        guard let largest = images.indices.max(by: { images[$0].width * images[$0].height < images[$1].width * images[$1].height }),
              largest < imageOperators.count else { return false }
        return lastVisibleText > imageOperators[largest]
    }

    /// True when the page's content certainly draws no image: the walk read all of it (the
    /// page and every form it draws) and met no image XObject, inline image or soft mask.
    /// That is what poppler's image mapping (`PDFPage.imageAreas`) lists: it walks the same
    /// content and forms and records images, but neither the insides of tiling patterns nor
    /// Type 3 glyphs (its image device declines both), nor annotations; it does walk soft
    /// masks' groups, which this walk only counts, hence no soft mask.
    public var drawsNoImages: Bool { complete && formsTooDeep == 0 && images.isEmpty && softMasks == 0 }

    /// The thickest filled path counted as a straight mark: 0.05 in (the thickest ruling line
    /// the raster finder keeps, `RulingDetector.maxThickness`).
    public static let thinMark = 3.6

    public init() {}
}

/// How much content a page may hold before it counts as too complex to render: a raster of it
/// would cost seconds (PyMuPDF's `test_3450.pdf`: one page, 3,355 form XObjects, 1,599 soft
/// masks, 64 s at 300 dpi), so its text is kept and no raster is made.
public struct DrawingBudget: Sendable, Equatable {
    public var operators: Int
    public var forms: Int
    public var softMasks: Int
    public init(operators: Int = 400_000, forms: Int = 1_000, softMasks: Int = 200) {
        self.operators = operators; self.forms = forms; self.softMasks = softMasks
    }
}
