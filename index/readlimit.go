package index

import (
	"errors"
	"io/fs"
)

// MaxFileSize bounds what is read from disk: larger files are kept without
// being parsed (and say so).
const MaxFileSize = 16 << 20

// errNotRegular is returned for anything but a regular file: directories,
// devices, named pipes and sockets are never read (a pipe would block, a
// device would never end).
var errNotRegular = errors.New("not a regular file")

func isNotExist(err error) bool { return errors.Is(err, fs.ErrNotExist) }
