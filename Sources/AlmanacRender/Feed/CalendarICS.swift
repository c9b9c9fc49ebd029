import AlmanacDomain

/// The site's calendar (RFC 5545, `calendar.ics`): all-day events for days excused ahead of
/// time (a habit's planned skips, consecutive days as one event) and goals' target dates.
/// Lines end in CRLF and are folded at 75 octets without splitting a character; text is
/// escaped as the RFC says (backslash, semicolon, comma, line break).
public struct CalendarICS: DrawnModel {
    public struct Event: Sendable {
        public var uid: String
        public var first: DayKey
        public var last: DayKey
        public var summary: String
        public var description: String

        public init(uid: String, first: DayKey, last: DayKey, summary: String, description: String) {
            self.uid = uid; self.first = first; self.last = last; self.summary = summary; self.description = description
        }
    }

    public var name: String
    /// `DTSTAMP` of every event: the start of the as-of day, UTC (`20261124T000000Z`).
    public var stamp: String
    public var events: [Event]

    public init(name: String, stamp: String, events: [Event]) {
        self.name = name; self.stamp = stamp; self.events = events
    }

    public func draw() -> [UInt8] {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Almanac//Almanac//EN", "CALSCALE:GREGORIAN",
                     "X-WR-CALNAME:" + Self.text(name)]
        for event in events {
            lines += ["BEGIN:VEVENT", "UID:" + Self.text(event.uid), "DTSTAMP:" + stamp,
                      "DTSTART;VALUE=DATE:" + Self.date(event.first), "DTEND;VALUE=DATE:" + Self.date(event.last.adding(days: 1)),
                      "SUMMARY:" + Self.text(event.summary), "DESCRIPTION:" + Self.text(event.description),
                      "TRANSP:TRANSPARENT", "END:VEVENT"]
        }
        lines.append("END:VCALENDAR")
        return Array(lines.map(Self.folded).joined().utf8)
    }

    /// `20261124`.
    static func date(_ day: DayKey) -> String { String(day.description.filter { $0 != "-" }) }

    /// A TEXT value, escaped.
    static func text(_ value: String) -> String {
        var out = ""
        for character in value {
            switch character {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n", "\r\n", "\r": out += "\\n"
            default:
                // Other control characters have no place in a content line.
                if let ascii = character.asciiValue, ascii < 32 || ascii == 127 { continue }
                out.append(character)
            }
        }
        return out
    }

    /// A content line with its CRLF, folded into lines of at most 75 octets (a continuation
    /// starts with a space) at character boundaries.
    static func folded(_ line: String) -> String {
        var out = "", octets = 0
        for character in line {
            let size = String(character).utf8.count
            if octets + size > 75 {
                out += "\r\n "
                octets = 1
            }
            out.append(character)
            octets += size
        }
        return out + "\r\n"
    }
}
