import AlmanacTestSupport
import Foundation
import Testing

/// Link previews: a site with a web address gives every page with a picture a 1200 × 630 PNG of
/// it, which chat and social apps show; a folder of earlier nights gets byte for byte the previews
/// a fresh run draws.
@Suite struct LinkPreviewTests {
    /// The width and height a PNG's header says (its IHDR chunk).
    func size(_ png: Data) -> (Int, Int)? {
        let bytes = [UInt8](png)
        guard bytes.count > 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
              String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR" else { return nil }
        let word = { (at: Int) in bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    @Test func everyPageWithAPictureHasAPNGPreviewWhenTheSiteHasAnAddress() throws {
        let s = Session()
        try s.ok("demo", "--store", s.store, "--habits", "4", "--years", "2", "--no-report", "--force")
        try s.ok("report", "--out", "private")
        #expect(!FileManager.default.fileExists(atPath: s.folder.path("private/previews")))
        #expect(!String(decoding: s.folder.bytes("private/index.html"), as: UTF8.self).contains("og:image"))

        try s.ok("report", "--out", "site", "--base-url", "https://me.example/habits")
        let pages = try s.folder.files(under: "site").filter { $0.hasSuffix(".html") && $0 != "journal.html" }
        #expect(pages.count >= 7)
        for page in pages {
            let html = String(decoding: s.folder.bytes("site/" + page), as: UTF8.self)
            let preview = "previews/" + page.dropLast(5) + ".png"
            #expect(html.contains("<meta property=\"og:image\" content=\"https://me.example/habits/\(preview)\">"), "\(page)")
            #expect(html.contains("<meta name=\"twitter:card\" content=\"summary_large_image\">"), "\(page)")
            #expect(size(s.folder.bytes("site/" + preview)).map { $0 == (1200, 630) } == true, "\(preview)")
        }
        // Decoded by another reader (Python's zlib, its own filters and palette): every preview a
        // palette of a few colours, the site's light background in the corner, dark text (its
        // title) and cells; the dashboard's green year grid drawn green (its channels in their
        // order).
        let script = s.folder.path("decode.py"), out = s.folder.path("decoded.txt")
        try """
            import sys, zlib, struct
            def decode(path):
                data = open(path, 'rb').read()
                assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n'
                pos, idat, head, palette = 8, b'', None, None
                while pos < len(data):
                    n, kind = struct.unpack('>I4s', data[pos:pos + 8])
                    body = data[pos + 8:pos + 8 + n]
                    assert zlib.crc32(kind + body) == struct.unpack('>I', data[pos + 8 + n:pos + 12 + n])[0]
                    if kind == b'IHDR': head = struct.unpack('>IIBBBBB', body)
                    if kind == b'PLTE': palette = [tuple(body[i:i + 3]) for i in range(0, n, 3)]
                    if kind == b'IDAT': idat += body
                    pos += 12 + n
                w, h, depth, color = head[:4]
                assert color == 3 and depth in (1, 2, 4, 8) and palette
                raw, rows, width = zlib.decompress(idat), [], (w * depth + 7) // 8
                prev = bytearray(width)
                for y in range(h):
                    f, line = raw[y * (width + 1)], bytearray(raw[y * (width + 1) + 1:(y + 1) * (width + 1)])
                    for i in range(len(line)):
                        a, b, c = (line[i - 1] if i else 0), prev[i], (prev[i - 1] if i else 0)
                        p = a + b - c
                        pred = [0, a, b, (a + b) // 2, a if abs(p - a) <= abs(p - b) and abs(p - a) <= abs(p - c) else (b if abs(p - b) <= abs(p - c) else c)][f]
                        line[i] = (line[i] + pred) & 255
                    per = 8 // depth
                    rows.append([palette[(line[x // per] >> (8 - depth * (x % per + 1))) & ((1 << depth) - 1)] for x in range(w)])
                    prev = line
                return w, h, palette, rows
            lines = []
            for path in sys.argv[2:]:
                w, h, palette, rows = decode(path)
                px = lambda x, y: rows[y][x]
                dark = sum(1 for row in rows for p in row if max(p) < 60)
                cells = sum(1 for row in rows[::3] for p in row[::3] if p != (246, 248, 250))
                green = sum(1 for row in rows[::5] for p in row[::5] if p[1] > p[0] + 40 and p[1] > p[2] + 20)
                lines.append(f"{w}x{h} corner {px(2, 2)} colours {len(palette) <= 64} text {dark > 500} cells {cells > 2000} green {green > 500}")
            open(sys.argv[1], 'w').write("\\n".join(lines))
            """.write(toFile: script, atomically: true, encoding: .utf8)
        let previews = pages.map { s.folder.path("site/previews/" + $0.dropLast(5) + ".png") }
        #expect(TestPostgres.spawnAndWait("/usr/bin/python3", [script, out] + previews) == 0)
        let decoded = ((try? String(contentsOfFile: out, encoding: .utf8)) ?? "").split(separator: "\n")
        #expect(decoded.count == pages.count)
        for (page, line) in zip(pages, decoded) {
            #expect(line.hasPrefix("1200x630 corner (246, 248, 250) colours True text True cells True"), "\(page): \(line)")
            if page == "index.html" { #expect(line.hasSuffix("green True"), "\(line)") }
        }
    }

    @Test func aPreviewInAFolderOfEarlierNightsIsTheOneAFreshRunDraws() throws {
        var s = Session()
        try s.ok("demo", "--store", s.store, "--habits", "3", "--years", "1", "--no-report", "--force")
        let address = ["--base-url", "https://me.example/habits/"]
        try s.ok("report", "--out", "site", address[0], address[1])
        // The next night: the cards change (a new day), so do their previews; a user's edit of a
        // preview is drawn over, never kept.
        s.now = "2026-11-23T10:00:00Z"
        let edited = try #require(try s.folder.files(under: "site/previews/habits").first)
        try Data("not a png".utf8).write(to: s.folder.url.appendingPathComponent("site/previews/habits/" + edited))
        try s.ok("report", "--out", "site", address[0], address[1])
        try s.ok("report", "--out", "site", address[0], address[1])   // the same night again
        try s.ok("report", "--out", "fresh", address[0], address[1])
        let kept = try s.folder.files(under: "site/previews"), fresh = try s.folder.files(under: "fresh/previews")
        #expect(kept == fresh && !kept.isEmpty)
        for file in kept {
            #expect(s.folder.bytes("site/previews/" + file) == s.folder.bytes("fresh/previews/" + file), "\(file)")
        }
    }
}
