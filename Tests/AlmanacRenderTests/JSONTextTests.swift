import AlmanacRender
import Foundation
import Testing

@Suite struct JSONTextTests {
    func literal(_ text: String) -> String {
        var out: [UInt8] = []
        JSONText.appendString(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    @Test func escapesQuotesBackslashesAndControlCharacters() {
        #expect(literal("plain") == "\"plain\"")
        #expect(literal("say \"hi\" \\ bye") == #""say \"hi\" \\ bye""#)
        #expect(literal("a\nb\tc\rd\u{8}\u{C}") == #""a\nb\tc\rd\b\f""#)
        #expect(literal("\u{0}\u{1F}") == #""\u0000\u001f""#)
        #expect(literal("💧 שלום </script>") == "\"💧 שלום </script>\"")
    }

    @Test(arguments: ["", "\"", "\\", "\u{0}", "line\nbreak", "emoji 🧪🔥", "<svg onload=x>", "\u{7F}\u{2028}"])
    func literalsParseBackToTheSameText(_ text: String) throws {
        let parsed = try JSONSerialization.jsonObject(with: Data(literal(text).utf8), options: [.fragmentsAllowed]) as? String
        #expect(parsed == text)
    }
}
