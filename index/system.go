package index

import "path/filepath"

// systemFolders hold the kernel's and the devices' files, which are no
// one's TOSCA: a read may block (/proc/kmsg) or never end (/dev/zero), and
// their content is the machine's, not the workspace's. They are never
// walked, and imports of them are refused.
var systemFolders = []string{"/proc", "/sys", "/dev"}

// inSystemFolder reports whether path is one of systemFolders or lies
// below one.
func inSystemFolder(path string) bool {
	for _, dir := range systemFolders {
		if Within(dir, path) {
			return true
		}
	}
	return false
}

// onSystemFiles reports whether path (a folder or a file) holds the
// system's files: below a system folder, or on a kernel file system
// mounted elsewhere (proc, sysfs, debugfs, cgroup …; see pseudoFileSystem).
func onSystemFiles(path string) bool {
	return inSystemFolder(path) || pseudoFileSystem(path)
}

// SystemFolder reports whether dir must not be taken as a folder on a
// document's behalf (a document opened without a workspace folder, a file
// checked on its own): the root, /etc, or the system's files, and anything
// below /etc or those. Their files are the machine's, never a workspace.
func SystemFolder(dir string) bool {
	dir = filepath.Clean(dir)
	return filepath.Dir(dir) == dir || Within("/etc", dir) || onSystemFiles(dir)
}
