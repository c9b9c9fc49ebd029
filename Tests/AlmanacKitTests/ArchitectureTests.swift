import Foundation
import Testing

/// docs/ARCHITECTURE.md lists every edge between Almanac's own targets; `Package.swift` is the
/// truth it is compared with.
@Suite struct ArchitectureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Each target of `Package.swift` (test targets left out) and the targets of this package it
    /// depends on, other packages' products left out.
    static func packageEdges() throws -> [String: [String]] {
        var text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        text = text.replacing(/\.product\([^)]*\)/, with: "")
        var edges: [String: [String]] = [:]
        let starts = text.matches(of: /\.(target|executableTarget|systemLibrary|testTarget)\(/)
        for (i, start) in starts.enumerated() where start.output.1 != "testTarget" {
            let body = text[start.range.upperBound..<(i + 1 < starts.count ? starts[i + 1].range.lowerBound : text.endIndex)]
            guard let name = body.firstMatch(of: /name:\s*"([^"]+)"/)?.output.1, name != "AlmanacTestSupport" else { continue }
            let list = body.firstMatch(of: /dependencies:\s*\[([^\]]*)\]/)?.output.1 ?? ""
            edges[String(name)] = list.matches(of: /"([^"]+)"/).map { String($0.output.1) }
        }
        return edges
    }

    @Test func theDocumentedEdgesAreThePackages() throws {
        let doc = try String(contentsOf: Self.root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        var documented: [String: [String]] = [:]
        for line in doc.split(separator: "\n") {
            guard let match = line.wholeMatch(of: /- `([^`]+)` → (.*)/) else { continue }
            let targets = match.output.2 == "none" ? [] : match.output.2.matches(of: /`([^`]+)`/).map { String($0.output.1) }
            documented[String(match.output.1)] = targets
        }
        let package = try Self.packageEdges()
        #expect(package.count > 15 && package["AlmanacCLI"]?.contains("AlmanacKit") == true)
        #expect(documented.mapValues { Set($0) } == package.mapValues { Set($0) })
    }
}
