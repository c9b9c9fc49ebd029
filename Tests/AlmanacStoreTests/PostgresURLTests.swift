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

    /// A store is named by `store` (the role's name when none is), or by `schema` in the earlier
    /// layout; never both, and never the shared tables' own schema as if it were one store.
    @Test func aURLNamesOneStore() throws {
        let plain = try PostgresURL("postgres://bob@db/almanac", environment: [:])
        #expect(plain.store == "bob" && plain.schema == "almanac" && !plain.namesItsStore)
        #expect(plain.location == "postgres://bob@db:5432/almanac?store=bob")
        let named = try PostgresURL("postgres://bob@db/almanac?store=work", environment: [:])
        #expect(named.store == "work" && named.namesItsStore)
        let earlier = try PostgresURL("postgres://bob@db/almanac?schema=bob", environment: [:])
        #expect(earlier.store == nil && earlier.schema == "bob" && earlier.location.hasSuffix("?schema=bob"))
        for (text, words) in [("postgres://bob@db/almanac?store=a&schema=b", "a store and a schema"),
                              ("postgres://bob@db/almanac?schema=almanac", "holds the shared tables"),
                              ("postgres://bob@db/almanac?store=Bad-Name", "store name"),
                              ("postgres://Bob@db/almanac", "no store name")] {
            do {
                _ = try PostgresURL(text, environment: [:])
                Issue.record("\(text) was accepted")
            } catch {
                #expect("\(error)".contains(words), "\(text): \(error)")
            }
        }
    }
}
