import AlmanacPostgres
import Testing

/// A store URL that cannot be used is refused with a sentence that never repeats its password,
/// whatever made it unusable.
@Suite struct PostgresURLTests {
    @Test(arguments: [
        ("postgres://bob:Se/cret1@127.0.0.1:41643/almanac?schema=bob", "Se/cret1"),
        ("postgres://bob:Se#cret2@127.0.0.1:41643/almanac?schema=bob", "Se#cret2"),
        ("postgres://bob:Se?cret3@127.0.0.1:41643/almanac?schema=bob", "Se?cret3"),
        ("postgres://bob:Secret4@127.0.0.1:41643x/almanac?schema=bob", "Secret4"),
        ("postgres://bob:Secret5@127.0.0.1:41643/almanac?schema=Bad-Name", "Secret5"),
        ("postgres://bob:Secret7", "Secret7"),
        ("postgres://bob:Secret8@/almanac", "Secret8"),
    ])
    func anUnusableURLNeverShowsItsPassword(_ url: String, _ password: String) {
        do {
            _ = try PostgresURL(url, environment: [:])
            Issue.record("\(url) was accepted")
        } catch {
            let sentence = "\(error)"
            #expect(!sentence.contains(password), "\(sentence)")
            #expect(sentence.contains("is not a usable PostgreSQL store URL"), "\(sentence)")
        }
    }

    @Test func aPortTypoIsStillNamedWhenThereIsNoPassword() {
        #expect(throws: (any Error).self) { try PostgresURL("postgres://bob@db:5432x/almanac", environment: [:]) }
        do { _ = try PostgresURL("postgres://db:54x32/almanac", environment: [:]) } catch {
            #expect("\(error)".contains("postgres://db:***/almanac"))
        }
    }
}
