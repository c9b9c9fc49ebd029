// swift-tools-version: 6.1
import PackageDescription

// Almanac builds on Linux (glibc): it exchanges folders with `renameat2` and flushes file systems
// with `syncfs` (`CLinux`), and no other platform is declared.
let package = Package(
    name: "Almanac",
    products: [
        .executable(name: "almanac", targets: ["almanac"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        // The tests' reference Mustache renderer (Almanac renders its templates itself).
        .package(url: "https://github.com/hummingbird-project/swift-mustache", exact: "2.1.1"),
        .package(url: "https://github.com/apple/swift-crypto", exact: "3.12.3"),
        // Parsing our own CSV exports back in tests.
        .package(url: "https://github.com/swiftcsv/SwiftCSV", exact: "0.10.0"),
        // Loop Habit Tracker's CSV export is a zip.
        .package(url: "https://github.com/weichsel/ZIPFoundation", exact: "0.9.20"),
        // The PostgreSQL backend of the store, and the SwiftNIO types its API hands over.
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio", exact: "2.101.3"),
        // File paths taken apart by their components (Foundation's NSString path methods trap on
        // a one-letter relative path on Linux).
        .package(url: "https://github.com/apple/swift-system", exact: "1.8.1"),
    ],
    targets: [
        // Pure domain: model, day keys, calendar math, rules, metrics. No file or database access.
        // Foundation's ICU (`_FoundationICU`, which Foundation itself links) gives the domain
        // Unicode's confusable skeletons (UTS #39): two names that look alike are refused.
        .target(name: "AlmanacDomain", linkerSettings: [.linkedLibrary("_FoundationICU")]),
        // Jobs on every core (`Parallel`) and a value behind a lock (`Locked`), for every layer.
        .target(name: "AlmanacSupport"),
        // Linux calls Swift's Glibc module does not declare: `renameat2`, `syncfs`, `prctl`.
        .target(name: "CLinux"),
        // The store's semantics (docs/STORE.md), written once over a small SQL boundary
        // (`SQLBackend`) that each database backend implements.
        .target(name: "AlmanacStorage", dependencies: ["AlmanacDomain"]),
        // The SQLite backend of the store (GRDB): migrations, transactions, fast paths.
        .target(
            name: "AlmanacSQLite",
            dependencies: [
                "AlmanacDomain", "AlmanacStorage", "AlmanacSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
                // The raw SQLite C API, for streaming exports without a Swift value per cell.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // The PostgreSQL backend of the store (postgres-nio): a store is a schema of one database.
        .target(
            name: "AlmanacPostgres",
            dependencies: [
                "AlmanacDomain", "AlmanacStorage",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        // libcmark, the CommonMark reference implementation, from the system.
        // zlib: gzip-compressed backups are read by their magic bytes (`restore backup.json.gz`).
        .systemLibrary(
            name: "Czlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // libxlsxwriter: the .xlsx workbook of `export xlsx`, written row by row in constant memory,
        // from the system, as libcmark is.
        .systemLibrary(
            name: "Cxlsxwriter",
            pkgConfig: "xlsxwriter",
            providers: [.apt(["libxlsxwriter-dev"])]
        ),
        // The default templates of Templates/, read into the binary by the compiler (C23's #embed).
        .target(name: "CTemplates", cSettings: [.unsafeFlags(["-std=c23"])]),
        .systemLibrary(
            name: "Ccmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        // One C function over cairo, Pango and libpng (opened when first used, docs/REPORTS.md):
        // cells and lines of text drawn into a palette PNG, for the link previews. Compiled against
        // the libraries' own headers (`make deps` installs libpango1.0-dev): Debian's paths, as
        // `pkg-config --cflags pangocairo libpng` gives them on either architecture.
        .target(name: "CPreview", cSettings: [.unsafeFlags([
            "-I/usr/include/pango-1.0", "-I/usr/include/harfbuzz", "-I/usr/include/glib-2.0", "-I/usr/lib/x86_64-linux-gnu/glib-2.0/include",
            "-I/usr/lib/aarch64-linux-gnu/glib-2.0/include", "-I/usr/include/cairo", "-I/usr/include/freetype2", "-I/usr/include/libpng16",
        ])], linkerSettings: [.linkedLibrary("dl")]),
        // Readers of other apps' files (Loop, HabitBull, Rewire, Tickmate, harsh, the seed apps):
        // each turns a file into an `ImportedHistory` of the domain, touching no store.
        .target(
            name: "AlmanacImport",
            dependencies: [
                "AlmanacDomain", "AlmanacStorage", "AlmanacSupport",
                // Name-based (version 5) UUIDs of imported rows: SHA-1.
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
                // The raw SQLite C API: limits (`sqlite3_limit`) on other apps' databases.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // Words: the catalogue of each language and the metrics as text in it, for the site and
        // (in English) the command line.
        .target(name: "AlmanacWords", dependencies: ["AlmanacDomain", "CTemplates"], linkerSettings: [.linkedLibrary("_FoundationICU")]),
        // Renderers: pure functions from domain values to text (Markdown, HTML, SVG, CSV, JSON).
        .target(
            name: "AlmanacRender",
            dependencies: ["AlmanacDomain", "AlmanacWords", "AlmanacSupport", "Ccmark", "CTemplates", "CPreview"]
        ),
        // The application: use cases (log, status, report, export, backup, restore, demo) and the
        // writers that put files on disk, over the store protocol and the renderers. It opens no
        // database itself: a front end hands it the kinds of store it was built with (`StoreKind`).
        .target(
            name: "AlmanacKit",
            dependencies: [
                "AlmanacDomain", "AlmanacStorage", "AlmanacWords", "AlmanacRender", "AlmanacImport", "AlmanacSupport", "Czlib", "Cxlsxwriter", "CLinux",
                // SHA-256 of the manifest's files and the site's name-based ids.
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // The kinds of store this program opens (SQLite files, PostgreSQL schemas), with what only
        // they do: a file built beside its path, an operator's night over a server's stores.
        .target(
            name: "AlmanacStores",
            dependencies: ["AlmanacDomain", "AlmanacStorage", "AlmanacKit", "AlmanacRender", "AlmanacSQLite", "AlmanacPostgres", "AlmanacSupport"]
        ),
        // The command line: argument parsing, output formatting, error reporting; it hands Kit the
        // kinds of store (`AlmanacStores`).
        .target(
            name: "AlmanacCLI",
            dependencies: [
                "AlmanacDomain", "AlmanacStorage", "AlmanacKit", "AlmanacWords", "AlmanacRender", "AlmanacImport", "AlmanacStores", "AlmanacSupport", "CLinux",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The executable exports none of its 40,000 symbols: the dynamic loader and `dladdr` then
        // search a table of 650 instead, about a millisecond off every command's start
        // (docs/PERFORMANCE.md).
        .executableTarget(name: "almanac", dependencies: ["AlmanacCLI"], linkerSettings: [.unsafeFlags(["-Xlinker", "--no-export-dynamic"])]),
        // `make bench`: in-process timings of the hot paths on the bench store (docs/PERFORMANCE.md).
        .executableTarget(
            name: "almanac-bench",
            dependencies: ["AlmanacDomain", "AlmanacStorage", "AlmanacSQLite", "AlmanacRender", "AlmanacKit", "AlmanacSupport",
                           .product(name: "SystemPackage", package: "swift-system"), .product(name: "Crypto", package: "swift-crypto")],
            path: "Benchmarks/AlmanacBench"
        ),

        // Helpers every test target shares: temporary folders and running the built binary.
        .target(name: "AlmanacTestSupport", path: "Tests/AlmanacTestSupport"),
        .testTarget(name: "AlmanacDomainTests", dependencies: ["AlmanacDomain"], resources: [.copy("Fixtures")]),
        .testTarget(name: "AlmanacImportTests", dependencies: ["AlmanacImport", "AlmanacStorage", "AlmanacDomain", "AlmanacTestSupport",
                                                          .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "AlmanacStoreTests", dependencies: ["AlmanacSQLite", "AlmanacPostgres", "AlmanacStorage", "AlmanacDomain", "AlmanacTestSupport",
                                                         .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "AlmanacSupportTests", dependencies: ["AlmanacSupport"]),
        .testTarget(name: "AlmanacRenderTests", dependencies: ["AlmanacRender", "AlmanacWords", "AlmanacDomain", "CPreview", .product(name: "Mustache", package: "swift-mustache")],
                    exclude: ["Golden"]),
        .testTarget(name: "AlmanacKitTests", dependencies: ["AlmanacKit", "AlmanacStores", "AlmanacSQLite", "AlmanacStorage", "AlmanacRender",
                                                       "AlmanacDomain", "AlmanacTestSupport", .product(name: "SwiftCSV", package: "SwiftCSV")]),
        .testTarget(
            name: "AlmanacEndToEndTests",
            dependencies: ["AlmanacCLI", "AlmanacSQLite", "AlmanacDomain", "AlmanacTestSupport",
                           .product(name: "ArgumentParser", package: "swift-argument-parser"),
                           .product(name: "Crypto", package: "swift-crypto"),
                           .product(name: "SwiftCSV", package: "SwiftCSV"),
                           .product(name: "GRDB", package: "GRDB.swift"),
                           .product(name: "ZIPFoundation", package: "ZIPFoundation")],
            exclude: ["HelpSnapshots", "ImportFixtures"]
        ),
    ]
)
