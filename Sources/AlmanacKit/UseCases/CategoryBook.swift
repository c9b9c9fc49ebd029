import AlmanacDomain
import AlmanacStorage

/// Organising habits into categories (Habitat): `category add|list|rename|delete`. A category is
/// organisation only: deleting one leaves its habits uncategorised and deletes nothing else.
public struct CategoryBook {
    /// A category with the number of habits in it (archived ones included).
    public struct Listed: Encodable, Sendable {
        public var id: String
        public var name: String
        public var habits: Int
    }

    public let store: any AlmanacStore
    public let clock: Clock

    public init(store: any AlmanacStore, clock: Clock) { self.store = store; self.clock = clock }

    public func add(_ name: String) throws -> Category { try store.addCategory(named: name, now: clock.now()) }

    /// Every category by name, with how many habits it has.
    public func list() throws -> [Listed] {
        let habits = try store.habits(includeArchived: true)
        return try store.categories().map { category in
            Listed(id: category.id.description, name: category.name, habits: habits.filter { $0.categoryId == category.id }.count)
        }
    }

    /// Renames the category named `name` (any case); returns the category as it was.
    public func rename(_ name: String, to newName: String) throws -> Category {
        let category = try store.category(named: name)
        try store.renameCategory(id: category.id, to: newName, now: clock.now())
        return category
    }

    /// Deletes the category named `name`; returns it and how many habits it left uncategorised.
    public func delete(_ name: String) throws -> (category: Category, habits: Int) {
        let category = try store.category(named: name)
        return (category, try store.deleteCategory(id: category.id, now: clock.now()))
    }
}
