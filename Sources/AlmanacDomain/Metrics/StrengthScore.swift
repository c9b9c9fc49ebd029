import Foundation

/// Loop Habit Tracker's habit strength, computed the way Loop computes it so that people who
/// move from Loop see the numbers they know.
public enum StrengthScore {
    /// Repetitions per days that the frequency asks for: daily 1/1, weekdays k/7, per-week n/7,
    /// per-month n/30, per-days times/period (Loop's own numerator and denominator).
    public static func ratio(of frequency: Frequency) -> (numerator: Int, denominator: Int) {
        switch frequency {
        case .daily: return (1, 1)
        case .weekdays(let days): return (days.count, 7)
        case .perWeek(let n): return (n, 7)
        case .perMonth(let n): return (n, 30)
        case .perDays(let times, let period): return (times, period)
        }
    }

    /// `score = previous · m + v · (1 − m)` with `m = 0.5^(sqrt(f)/13)`.
    public static func next(previous: Double, achievement: Double, frequency f: Double) -> Double {
        next(previous: previous, achievement: achievement, multiplier: multiplier(frequency: f))
    }

    /// `m = 0.5^(sqrt(f)/13)`, the same for every day of a habit.
    public static func multiplier(frequency f: Double) -> Double { pow(0.5, f.squareRoot() / 13) }

    public static func next(previous: Double, achievement: Double, multiplier: Double) -> Double {
        previous * multiplier + achievement * (1 - multiplier)
    }
}

extension DaySeries {
    /// The strength score as of every day of the series, in [0, 1].
    ///
    /// Yes/no habits: `v = min(1, completions in the last den days / num)`, with num and den
    /// doubled when the frequency is below once a day (to smooth irregular schedules). Numeric
    /// habits: `v = min(1, rolling sum / target)` for at-least, `clamp(1 − (sum − target)/target)`
    /// for at-most, where the rolling sum covers the last den days. Skipped days leave the score
    /// unchanged, and so does the day still going on until it is done (`isCompleted`): the score
    /// never drops for a day that has not ended. At-most numeric habits start from 1, as in Loop;
    /// a finished at-most day with nothing logged is missed (`v = 0`) unless the habit counts it as
    /// none (`Habit.countsUnloggedAsNone`; then it adds 0 to the sum, as Loop counts it).
    /// - Parameter ratio: repetitions per days when they are not the frequency's own (a habit
    ///   imported from Loop with "2 times in 3 days").
    public func strengthScores(ratio: (numerator: Int, denominator: Int)? = nil) -> [Double] {
        var (numerator, denominator) = ratio ?? StrengthScore.ratio(of: habit.frequency)
        let f = Double(numerator) / Double(denominator)
        let numeric = habit.unit != .boolean
        if !numeric && f < 1 {
            numerator *= 2
            denominator *= 2
        }
        let target = habit.target
        var scores = [Double](repeating: 0, count: count)
        var score = numeric && habit.direction == .atMost ? 1.0 : 0.0
        var rolling = 0.0
        let multiplier = StrengthScore.multiplier(frequency: f)
        let open = inProgressIndex ?? -1, unloggedMissed = habit.direction == .atMost && !habit.countsUnloggedAsNone
        for i in 0..<count {
            if numeric {
                rolling += values[i]
                if i >= denominator { rolling -= values[i - denominator] }
            } else {
                if isCompleted(i) { rolling += 1 }
                if i >= denominator, isCompleted(i - denominator) { rolling -= 1 }
            }
            if !skipped[i] && (i != open || isCompleted(i)) {
                let achievement: Double
                if !numeric {
                    achievement = min(1, rolling / Double(numerator))
                } else if habit.direction == .atLeast {
                    achievement = min(1, rolling / target)
                } else if unloggedMissed && !logged[i] {
                    achievement = 0
                } else {
                    achievement = min(1, max(0, 1 - (rolling - target) / target))
                }
                score = StrengthScore.next(previous: score, achievement: achievement, multiplier: multiplier)
            }
            scores[i] = score
        }
        return scores
    }
}
