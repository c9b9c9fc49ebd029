import AlmanacRender
import Testing

@Suite struct CommonMarkTests {
    @Test func rendersMarkdownThroughLibcmark() {
        #expect(CommonMark.html(from: "# Almanac\n\n*streak* of **3**") ==
            "<h1>Almanac</h1>\n<p><em>streak</em> of <strong>3</strong></p>\n")
        #expect(!CommonMark.version.isEmpty)
    }

    @Test func safeModeDropsRawHTMLAndScriptLinks() {
        let html = CommonMark.html(from: "<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>")
        #expect(!html.contains("<script"))
        #expect(!html.contains("javascript:"))
        #expect(!html.contains("<img"))
    }
}
