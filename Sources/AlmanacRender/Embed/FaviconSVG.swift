/// The site's icon (`favicon.svg`): four days of a heatmap, in the default habit colour.
public struct FaviconSVG: DrawnModel {
    public init() {}

    public func draw() -> [UInt8] {
        Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="32" height="32" viewBox="0 0 32 32">
            <rect x="2" y="2" width="13" height="13" rx="3" fill="#2DA44E" fill-opacity=".4"/>
            <rect x="17" y="2" width="13" height="13" rx="3" fill="#2DA44E"/>
            <rect x="2" y="17" width="13" height="13" rx="3" fill="#2DA44E" fill-opacity=".7"/>
            <rect x="17" y="17" width="13" height="13" rx="3" fill="#2DA44E" fill-opacity=".2"/>
            </svg>

            """.utf8)
    }
}
