import DocumentModel
import Foundation

/// Where a page's text is, from its text-like components. A till receipt scanned on an A4
/// flatbed is a narrow column on a wide sheet.
public struct TextArea: Sendable, Equatable {
    /// The box around all the text-like components.
    public var box: DocumentModel.Box
    /// How wide the text is: the horizontal span of the components, their outermost
    /// `marginShare` on each side left out (a pencilled note or a speck in a margin).
    public var width: Int

    /// The share of components left out on each side when measuring `width`.
    public static let marginShare = 0.01

    public init(box: DocumentModel.Box, width: Int) { self.box = box; self.width = width }

    /// The area of `components` (text-like component boxes); nil without any.
    public init?(components: [DocumentModel.Box]) {
        guard let box = DocumentModel.Box.enclosing(components) else { return nil }
        let lefts = components.map(\.x).sorted(), rights = components.map(\.maxX).sorted()
        let skip = Int(Double(components.count) * Self.marginShare)
        self.init(box: box, width: max(1, rights[rights.count - 1 - skip] - lefts[skip]))
    }

    /// The same area on the image scaled by `factor`.
    public func scaled(by factor: Double) -> TextArea {
        TextArea(box: box.scaled(by: factor), width: Int((Double(width) * factor).rounded()))
    }

    /// The area on the image rotated by `degrees` clockwise about its centre, keeping its
    /// `width` × `height` (as deskewing does): the box becomes the box around its turned corners.
    public func rotated(clockwiseDegrees degrees: Double, width imageWidth: Int, height imageHeight: Int) -> TextArea {
        guard degrees != 0 else { return self }
        let angle = degrees * .pi / 180, c = cos(angle), s = sin(angle)
        let cx = Double(imageWidth) / 2, cy = Double(imageHeight) / 2
        let corners = [(box.x, box.y), (box.maxX, box.y), (box.x, box.maxY), (box.maxX, box.maxY)].map { x, y in
            let dx = Double(x) - cx, dy = Double(y) - cy
            return (cx + dx * c - dy * s, cy + dx * s + dy * c)
        }
        let left = Int(corners.map(\.0).min()!.rounded(.down)), right = Int(corners.map(\.0).max()!.rounded(.up))
        let top = Int(corners.map(\.1).min()!.rounded(.down)), bottom = Int(corners.map(\.1).max()!.rounded(.up))
        return TextArea(box: DocumentModel.Box(x: left, y: top, width: right - left, height: bottom - top), width: width)
    }
}
