import AlmanacDomain
import AlmanacStorage

/// `init`: creates the store, or changes its time zone and week start.
public struct StoreSetup {
    public enum Outcome: Equatable, Sendable {
        case created(Settings)
        case updated(Settings)
        /// Nothing was asked to change: the store's settings as they are.
        case existing(Settings)
    }

    public let location: StoreLocation

    public init(location: StoreLocation) { self.location = location }

    /// Creates the store with these settings (unset ones take the defaults), or changes the
    /// given ones of an existing store.
    public func run(timeZone: String?, weekStart: Weekday?, language: Language? = nil) throws -> Outcome {
        if let store = try location.openIfPresent() {
            defer { try? store.close() }
            var settings = try store.settings()
            guard timeZone != nil || weekStart != nil || language != nil else { return .existing(settings) }
            if let timeZone { settings.timeZone = timeZone }
            if let weekStart { settings.weekStart = weekStart }
            if let language { settings.language = language }
            try store.updateSettings(settings)
            return .updated(settings)
        }
        var settings = Settings.systemDefault
        if let timeZone { settings.timeZone = timeZone }
        if let weekStart { settings.weekStart = weekStart }
        if let language { settings.language = language }
        try location.create(settings: settings).close()
        return .created(settings)
    }
}

/// `settings` and `nightly set`: a change to the store's settings, made here rather than by the
/// front end — checked (the time zone and the nightly plan) and saved only when it changes them.
public enum StoreSettings {
    /// Applies `change` to the store's settings and saves them when they differ; the settings as
    /// they then are.
    @discardableResult
    public static func change(_ store: any AlmanacStore, _ change: (inout Settings) throws -> Void) throws -> Settings {
        let before = try store.settings()
        var settings = before
        try change(&settings)
        if let plan = settings.nightly { settings.nightly = try plan.checked() }
        if settings != before { try store.updateSettings(settings) }
        return settings
    }
}
