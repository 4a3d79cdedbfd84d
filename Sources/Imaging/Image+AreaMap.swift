import CLeptonica

extension Image {
    /// `pixScale(pix, factor, factor)` of an 8-bit gray `pix` without colormap for a factor
    /// ``AreaMapReduction`` handles (0.5 < factor < 0.7), the same pixels made faster: leptonica's
    /// area map computed in two separable passes (``AreaMapReduction``), then the sharpening
    /// `pixScaleGeneral` applies below 0.7 (`pixUnsharpMasking`, half-width 1, fraction 0.2).
    /// The working-scale copy of a 300-dpi scan (0.676) took 38 ms a page with `pixScale`, 27 of
    /// them its area map. A new PIX (ours), or nil when leptonica cannot make one.
    static func areaMapped(_ pix: UnsafeMutablePointer<PIX>, by factor: Double) -> UnsafeMutablePointer<PIX>? {
        precondition(pixGetDepth(pix) == 8 && pixGetColormap(pix) == nil && AreaMapReduction.handles(factor))
        let ws = Int(pixGetWidth(pix)), hs = Int(pixGetHeight(pix))
        let wd = AreaMapReduction.reducedSize(ws, by: factor), hd = AreaMapReduction.reducedSize(hs, by: factor)
        guard wd >= 1, hd >= 1, ws >= 2, hs >= 2 else { return pixScale(pix, Float(factor), Float(factor)) }
        // pixCreate: a new zeroed PIX (ours); resolution and input format as pixScaleAreaMap sets them.
        var reduced: UnsafeMutablePointer<PIX>? = pixCreate(Int32(wd), Int32(hd), 8)
        defer { pixDestroy(&reduced) }
        guard let reduced else { return nil }
        pixCopyResolution(reduced, pix)
        pixScaleResolution(reduced, Float(factor), Float(factor))
        pixCopyInputFormat(reduced, pix)
        guard let source = pixGetData(pix), let destination = pixGetData(reduced) else { return nil }
        AreaMapReduction.reduce(source: source, sourceWords: Int(pixGetWpl(pix)),
                                into: destination, destinationWords: Int(pixGetWpl(reduced)),
                                columns: .init(source: ws, destination: wd), rows: .init(source: hs, destination: hd))
        // pixUnsharpMasking: a new PIX (ours), as pixScaleGeneral sharpens an area-mapped reduction.
        return pixUnsharpMasking(reduced, 1, 0.2)
    }
}
