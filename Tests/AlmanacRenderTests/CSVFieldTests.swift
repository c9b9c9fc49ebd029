@testable import AlmanacRender
import Testing

@Suite struct CSVFieldTests {
    @Test func quotesOnlyWhatNeedsQuotes() {
        #expect(CSVField.text("plain") == "plain")
        #expect(CSVField.text("a,b") == "\"a,b\"")
        #expect(CSVField.text("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(CSVField.text("two\nlines") == "\"two\nlines\"")
        #expect(CSVField.text("cr\rhere") == "\"cr\rhere\"")
        #expect(CSVField.text("💧 Wasser, kalt") == "\"💧 Wasser, kalt\"")
        #expect(CSVField.record(["a", "b,c", ""]) == "a,\"b,c\",\r\n")
    }

    @Test func neutralisesFormulasButNotNumbers() {
        #expect(CSVField.text("=SUM(A1:A9)") == "'=SUM(A1:A9)")
        #expect(CSVField.text("+1 more") == "'+1 more")
        #expect(CSVField.text("-rm") == "'-rm")
        #expect(CSVField.text("@cmd") == "'@cmd")
        #expect(CSVField.text("\tx") == "'\tx")
        #expect(CSVField.text("\rx") == "\"'\rx\"")
        #expect(CSVField.text("=1,2") == "\"'=1,2\"")
        #expect(CSVField.text("-3") == "-3")
        #expect(CSVField.text("+1.5") == "+1.5")
        #expect(CSVField.text("-") == "'-")
        #expect(CSVField.text("a=b") == "a=b")
    }

    @Test func numbersUseADotAndNoExponentForEverydayValues() {
        #expect(CSVField.number(2.5) == "2.5")
        #expect(CSVField.number(8000) == "8000")
        #expect(CSVField.number(0.83333333, digits: 4) == "0.8333")
        #expect(CSVField.number(nil, digits: 4) == "")
    }
}
