import AlmanacKit
import AlmanacStores
import ArgumentParser
import Foundation

/// Shell completion of habit names: the names of the store the command line names (`--store`,
/// else `ALMANAC_STORE`, else the default store). Nothing when there is no store to read.
enum HabitNameCompletion {
    static let kind = CompletionKind.custom { words, _, _ in names(words) }

    static func names(_ words: [String]) -> [String] {
        let option = words.firstIndex(of: "--store").flatMap { words.indices.contains($0 + 1) ? words[$0 + 1] : nil }
        guard let location = try? StoreLocation(option: option, environment: ProcessInfo.processInfo.environment, kinds: StoreKinds.builtIn),
              let store = try? location.openIfPresent(),
              let habits = try? HabitBook(store: store, clock: .system).list(includeArchived: true) else { return [] }
        return habits.map(\.name)
    }
}
