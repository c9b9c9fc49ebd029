import Foundation

/// Which build of Almanac renders a site: part of every page's key and of the cache's stamp, so a
/// file rendered by another build is rendered again (once) rather than kept — no version number to
/// remember to change when a renderer changes its output. It is the executable file itself: its
/// device, inode, size and modification time (a rebuilt or reinstalled binary is another build).
enum RendererIdentity {
    static let current: String = {
        var info = stat()
        guard let path = Bundle.main.executablePath, stat(path, &info) == 0 else { return "unknown build" }
        return "executable \(info.st_dev):\(info.st_ino) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }()
}
