/// `StructureJSON` written by `JSONText`: the bytes `JSONEncoder` (`.sortedKeys`) writes for its
/// `Encodable` form, each object's keys in sorted order, a nil optional left out.
/// `StructureJSONTests` compare the two on random structures.
extension StructureJSON {
    func write(to json: inout JSONText) throws {
        try json.object { o in
            o.field("barcodes") { $0.array(barcodes) { json, b in b.write(to: &json) } }
            o.field("blocks") { $0.array(blocks) { json, b in b.write(to: &json) } }
            o.field("captions") { $0.array(captions) { json, c in
                json.object { o in o.field("box", c.box); o.field("captionOf", c.captionOf); o.field("text", c.text) }
            } }
            try o.field("detectedData") { try $0.array(detectedData) { json, d in try d.write(to: &json) } }
            o.field("figures") { $0.array(figures) { json, f in
                json.object { o in o.field("box", f.box); o.field("caption", f.caption); o.field("readingOrder", f.readingOrder) }
            } }
            o.field("headings") { $0.array(headings) { json, h in
                json.object { o in o.field("box", h.box); o.field("level", h.level); o.field("text", h.text) }
            } }
            o.field("lists") { $0.array(lists) { json, l in l.write(to: &json) } }
            o.field("paragraphs") { $0.array(paragraphs) { json, p in
                json.object { o in o.field("box", p.box); o.field("text", p.text) }
            } }
            o.field("references") { $0.array(references) { json, l in l.write(to: &json) } }
            o.field("tables") { $0.array(tables) { json, t in t.write(to: &json) } }
            o.field("text", text)
            o.field("title", title)
        }
    }
}

extension StructureJSON.BlockJSON {
    func write(to json: inout JSONText) {
        json.object { o in
            o.field("box", box); o.field("captionOf", captionOf); o.field("continues", continues); o.field("kind", kind)
            o.field("level", level); o.field("readingOrder", readingOrder); o.field("text", text)
        }
    }
}

extension StructureJSON.ListJSON {
    func write(to json: inout JSONText) {
        json.object { o in
            o.field("box", box)
            o.field("items") { $0.array(items) { json, i in
                json.object { o in
                    o.field("depth", i.depth); o.field("marker", i.marker); o.field("markerType", i.markerType); o.field("text", i.text)
                }
            } }
        }
    }
}

extension StructureJSON.TableJSON {
    func write(to json: inout JSONText) {
        json.object { o in
            o.field("box", box); o.field("columnCount", columnCount); o.field("rowCount", rowCount)
            o.field("rows") { $0.array(rows) { json, row in
                json.array(row) { json, c in
                    json.object { o in
                        o.field("columnRange", c.columnRange); o.field("isHeader", c.isHeader); o.field("rowRange", c.rowRange)
                        o.field("text", c.text)
                    }
                }
            } }
        }
    }
}

extension StructureJSON.DetectedDataJSON {
    func write(to json: inout JSONText) throws {
        try json.object { o in
            o.field("boxes") { $0.array(boxes) { $0.write($1) } }
            o.field("carrier", carrier); try o.field("confidence", confidence); o.field("currency", currency)
            o.field("text", text); o.field("type", type); o.field("value", value)
        }
    }
}

extension StructureJSON.BarcodeJSON {
    func write(to json: inout JSONText) {
        json.object { o in
            o.field("box", box); o.field("corners") { $0.array(corners) { $0.write($1) } }
            o.field("payload", payload); o.field("supplementalPayload", supplementalPayload); o.field("symbology", symbology)
        }
    }
}
