/// Every metric value from its parts, for a reader of metrics kept by an earlier computation
/// (a report keeps them beside its site, docs/REPORTS.md). Computing them is
/// `HabitMetrics(series:weekStart:)`.
extension HabitMetrics {
    public init(asOf: DayKey, todayValue: Double?, todayState: DayState?, streak: Streak, rate7: CompletionRate, rate30: CompletionRate,
                rate90: CompletionRate, rate365: CompletionRate, rateAll: CompletionRate, score: Double, totalCheckins: Int,
                totalValue: Double, completedByWeekday: [Int], weeks: [CalendarTotal], months: [CalendarTotal], years: [CalendarTotal],
                period: PeriodProgress?, reduction: Reduction?, rates: [WindowRate]) {
        self.asOf = asOf; self.todayValue = todayValue; self.todayState = todayState; self.streak = streak
        self.rate7 = rate7; self.rate30 = rate30; self.rate90 = rate90; self.rate365 = rate365; self.rateAll = rateAll
        self.score = score; self.totalCheckins = totalCheckins; self.totalValue = totalValue
        self.completedByWeekday = completedByWeekday; self.weeks = weeks; self.months = months; self.years = years
        self.period = period; self.reduction = reduction; self.rates = rates
    }
}
