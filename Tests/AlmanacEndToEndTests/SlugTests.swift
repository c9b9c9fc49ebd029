import AlmanacTestSupport
import Foundation
import GRDB
import Testing

/// A habit's published addresses (its page, card and badge files) are given when it is made and
/// survive renames; backups carry them; stores of earlier versions keep the ones their sites used.
@Suite struct SlugTests {
    static let long = "🧗‍♀️ Bouldern mit der Klettergruppe im Zentrum (Überhang-Training) 🇩🇪"

    func slugs(_ s: Session) throws -> [String: String] {
        let habits = try JSONSerialization.jsonObject(with: Data(try s.ok("habit", "list", "--archived", "--json").utf8)) as! [[String: Any]]
        return Dictionary(uniqueKeysWithValues: habits.map { ($0["name"] as! String, $0["slug"] as! String) })
    }

    @Test(arguments: TestBackend.available) func aRenameKeepsTheAddressesAndNoTwoHabitsShareOne(_ backend: TestBackend) throws {
        let s = Session(backend)
        try s.ok("init")
        try s.ok("habit", "add", "Run")
        try s.ok("habit", "add", Self.long)
        try s.ok("log", "run")
        try s.ok("habit", "edit", "run", "--name", "Jog")
        try s.ok("habit", "add", "Run")   // "run" is Jog's: the new Run gets the next free one
        // A long name is cut at the end of a word.
        #expect(try slugs(s) == ["Jog": "run", "Run": "run-2", Self.long: "bouldern-mit-der-klettergruppe-im-zentrum"])
        try s.ok("report", "--out", "site")
        #expect(String(decoding: s.folder.bytes("site/habits/run.html"), as: UTF8.self).contains("Jog"))
        #expect(String(decoding: s.folder.bytes("site/habits/run-2.html"), as: UTF8.self).contains("<h1"))
        #expect(FileManager.default.fileExists(atPath: s.folder.path("site/habits/bouldern-mit-der-klettergruppe-im-zentrum.html")))
        // A backup carries them; a store restored from it publishes at the same addresses.
        try s.ok("backup", "--out", "b.json")
        let backup = try JSONSerialization.jsonObject(with: s.folder.bytes("b.json")) as! [String: Any]
        #expect(Set((backup["habits"] as! [[String: Any]]).map { $0["slug"] as! String }) == ["run", "run-2", "bouldern-mit-der-klettergruppe-im-zentrum"])
        let restored = Session()
        try FileManager.default.copyItem(atPath: s.folder.path("b.json"), toPath: restored.folder.path("b.json"))
        try restored.ok("restore", "b.json")
        #expect(try slugs(restored) == slugs(s))
        // A backup whose habits share a slug is refused, naming both.
        let shared = String(decoding: s.folder.bytes("b.json"), as: UTF8.self).replacingOccurrences(of: "\"slug\":\"run-2\"", with: "\"slug\":\"run\"")
        try shared.write(toFile: restored.folder.path("shared.json"), atomically: true, encoding: .utf8)
        let refused = try restored.run("restore", "shared.json", "--mode", "replace")
        #expect(refused.status == 1 && refused.stderr.contains(".slug: \"run\" is the slug of habits["), "\(refused.stderr)")
    }

    /// A store made before slugs were kept gets, on first open, the slugs its site has been using:
    /// the habits the site shows, in its order, each cut at 48 bytes as the site cut it; then the
    /// habits it does not show.
    @Test(arguments: TestBackend.available) func anEarlierStoreKeepsTheAddressesItsSiteUsed(_ backend: TestBackend) throws {
        let s = Session(backend, schemaOfItsOwn: true)
        try s.ok("init")
        try s.ok("habit", "add", "Swim")            // archived with no history: not on the site
        try s.ok("habit", "archive", "swim")
        try s.ok("habit", "add", "Run")
        try s.ok("habit", "add", "RUN!")
        try s.ok("habit", "add", Self.long)
        try s.ok("habit", "add", "Swim!")
        switch backend {
        case .sqlite:
            try DatabaseQueue(path: s.store).write { db in
                try db.execute(sql: """
                    DROP INDEX habit_slug; ALTER TABLE habit DROP COLUMN slug;
                    DELETE FROM grdb_migrations WHERE identifier = 'v10-habit-slug';
                    """)
            }
        case .postgres:
            let schema = String(s.store[s.store.range(of: "schema=")!.upperBound...])
            try TestPostgres.psql("""
                DROP INDEX \(schema).habit_slug; ALTER TABLE \(schema).habit DROP COLUMN slug;
                DELETE FROM \(schema).almanac_migrations WHERE identifier IN ('v11-habit-slug', 'v12-habit-slug-unique');
                """)
        }
        #expect(try slugs(s) == ["Run": "run", "RUN!": "run-2", Self.long: "bouldern-mit-der-klettergruppe-im-zentrum-uberha",
                                 "Swim!": "swim", "Swim": "swim-2"])
    }
}
