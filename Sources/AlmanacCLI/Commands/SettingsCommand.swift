import AlmanacDomain
import AlmanacKit
import ArgumentParser

/// `almanac settings`: the store's settings; `--public URL` makes its site public at that address
/// for every report (cron need not say it), `--private` makes it private again.
struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings", abstract: "Show the store's settings, or set its site's language and whether it is public.",
        discussion: """
            A site is private by default: its robots.txt disallows everything and every page says noindex. \
            With --public, every report of the store (and the operator's --each-store) lets search engines \
            index it, lists its pages in sitemap.xml and uses the address for absolute links.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var quiet: QuietOption
    @Option(name: .customLong("public"), help: ArgumentHelp("Make the site public, published at this web address.", valueName: "url"),
            transform: ArgumentValues.baseURL)
    var publicAddress: String?
    @Flag(name: .customLong("private"), help: "Make the site private again (the default).") var makePrivate = false
    @Option(help: ArgumentHelp("The language of the site, its feeds and the workbook's headings: en, de, fr or es.", valueName: "code"),
            transform: ArgumentValues.language)
    var language: Language?
    @Flag(help: "Print JSON for scripts.") var json = false

    func validate() throws {
        if publicAddress != nil && makePrivate { throw ValidationError("--public and --private cannot go together.") }
    }

    func run() throws {
        quiet.apply()
        let store = try global.openStore()
        let settings = try StoreSettings.change(store) { settings in
            if publicAddress != nil || makePrivate { settings.publicAddress = publicAddress }
            if let language { settings.language = language }
        }
        if json { return try Output.json(settings) }
        Output.line("Time zone: \(settings.timeZone)")
        Output.line("Weeks start on: \(settings.weekStart.rawValue)")
        Output.line("Language of the site: \(settings.language.englishName) (\(settings.language.rawValue))")
        Output.line("Site: " + (settings.publicAddress.map { "public at \($0)" } ?? "private (robots.txt disallows everything, every page says noindex)"))
    }
}
