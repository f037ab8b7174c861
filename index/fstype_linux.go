package index

import "syscall"

// pseudoFileSystems are the magic numbers (statfs's f_type) of the Linux
// file systems that hold the kernel's state, not files on a disk: their
// files may block a read, never end, or change on every read. tmpfs is not
// one of them (a workspace may live in /tmp); devtmpfs has tmpfs's number,
// so /dev is told by its path (systemFolders).
var pseudoFileSystems = map[uint32]bool{
	0x9fa0:     true, // proc
	0x62656572: true, // sysfs
	0x1cd1:     true, // devpts
	0x64626720: true, // debugfs
	0x74726163: true, // tracefs
	0x73636673: true, // securityfs
	0x27e0eb:   true, // cgroup
	0x63677270: true, // cgroup2
	0x6165676c: true, // pstore
	0xcafe4a11: true, // bpf
	0x62656570: true, // configfs
	0xde5e81e4: true, // efivarfs
	0x65735543: true, // fusectl
	0x42494e4d: true, // binfmt_misc
	0xf97cff8c: true, // selinuxfs
	0x6e736673: true, // nsfs
	0x19800202: true, // mqueue
	0x67596969: true, // rpc_pipefs
}

// pseudoFileSystem reports whether path lies on one of pseudoFileSystems
// (false when statfs fails: the walk or the read then fails on its own).
func pseudoFileSystem(path string) bool {
	var st syscall.Statfs_t
	if err := ignoringEINTR(func() error { return syscall.Statfs(path, &st) }); err != nil {
		return false
	}
	return pseudoFileSystems[uint32(st.Type)]
}
