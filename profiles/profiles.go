// Package profiles embeds the TOSCA normative type profiles that tosca-ls
// knows without any file on disk: the Simple Profile in YAML 1.0 to 1.3, the
// TOSCA 2.0 simple profile, the built-in (primitive, special and
// collection) types of TOSCA 1.x and 2.0 written as data types, and for
// Variability4TOSCA its normative types and the TOSCA Vintner Profile.
//
// The profile files mirror the structure of the OASIS TOSCA normative type
// definitions (Apache-2.0); their descriptions are tosca-ls's own. The
// unfurl/ profile is Unfurl's own tosca-ext.yaml, unchanged (MIT, with its
// licence beside it): the unfurl.* types files read for Unfurl see without
// an import. Materialize
// writes them to a cache directory so that go-to-definition can land in real
// files.
package profiles

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"
)

// FS holds every embedded profile file. Paths are slash-separated and start
// with the profile directory, e.g. "simple-2.0/node_types.yaml".
//
//go:embed simple-1.0 simple-1.1 simple-1.2 simple-1.3 simple-2.0 builtin-1.x builtin-2.0 builtin-2.0-draft variability4tosca-1.0 tosca-vintner-profile unfurl
var FS embed.FS

// Profile describes one embedded profile. Values returned by this package
// are shared: treat them as read-only.
type Profile struct {
	Name    string   // profile name used in imports, e.g. "org.oasis-open.simple:2.0"; for 1.x e.g. "tosca-simple-1.3"
	Aliases []string // other accepted names, e.g. "org.oasis-open.tosca.simple:2.0"
	Dir     string   // directory inside FS, e.g. "simple-2.0"
	Entry   string   // entry file inside FS, e.g. "simple-2.0/profile.yaml"
	Files   []string // every file of the profile inside FS (sorted)
	// Fallback profiles only fill gaps: a file that defines (or imports) a
	// type of the same name uses that one, without a clash.
	Fallback bool
	// Refines is set for a profile whose types restate types of the
	// profiles it sees to add to them: such a type, written without a
	// parent, derives from the one it restates (Unfurl's tosca.nodes.Root
	// adds the Install interface to the normative one).
	Refines bool
}

// Names of the built-in type profiles.
const (
	Builtin1x = "tosca-builtin-1.x"
	// Builtin20 holds the built-in types of the OASIS Standard (CSD07 §9.1).
	Builtin20 = "tosca-builtin-2.0"
	// Builtin20Draft holds the types the drafts of TOSCA 2.0 had built in
	// and the standard has not: range and the scalar-unit types, a fallback
	// of every 2.0 file (the 2.0 simple profile still uses them).
	Builtin20Draft = "tosca-builtin-2.0-draft"
	// Variability is Variability4TOSCA's normative group and interface
	// types; Vintner the TOSCA Vintner Profile, the types OpenTOSCA Vintner
	// provides: a fallback for the Variability4TOSCA files that see it.
	Variability = "variability4tosca-1.0"
	Vintner     = "tosca-vintner-profile"
	// Unfurl is the unfurl.* types of Unfurl (files read for Unfurl see
	// them without importing them).
	Unfurl = "tosca-unfurl"
)

var (
	profiles []*Profile
	byName   map[string]*Profile
)

func init() {
	simple1 := func(v string) *Profile {
		return &Profile{
			Name:    "tosca-simple-" + v,
			Aliases: []string{"http://docs.oasis-open.org/tosca/ns/simple/yaml/" + v},
			Dir:     "simple-" + v,
			Entry:   "simple-" + v + "/profile.yaml",
		}
	}
	profiles = []*Profile{
		simple1("1.0"),
		simple1("1.1"),
		simple1("1.2"),
		simple1("1.3"),
		{
			Name:    "org.oasis-open.simple:2.0",
			Aliases: []string{"org.oasis-open.tosca.simple:2.0"},
			Dir:     "simple-2.0",
			Entry:   "simple-2.0/profile.yaml",
		},
		{Name: Builtin1x, Dir: "builtin-1.x", Entry: "builtin-1.x/types.yaml"},
		{Name: Builtin20, Dir: "builtin-2.0", Entry: "builtin-2.0/types.yaml"},
		{Name: Builtin20Draft, Dir: "builtin-2.0-draft", Entry: "builtin-2.0-draft/types.yaml", Fallback: true},
		{Name: Variability, Dir: "variability4tosca-1.0", Entry: "variability4tosca-1.0/profile.yaml"},
		{Name: Vintner, Dir: "tosca-vintner-profile", Entry: "tosca-vintner-profile/profile.yaml", Fallback: true},
		{Name: Unfurl, Dir: "unfurl", Entry: "unfurl/tosca-ext.yaml", Refines: true},
	}
	byName = make(map[string]*Profile)
	for _, p := range profiles {
		err := fs.WalkDir(FS, p.Dir, func(name string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() {
				p.Files = append(p.Files, name)
			}
			return nil
		})
		if err != nil {
			panic(fmt.Sprintf("profiles: embedded directory %s: %v", p.Dir, err))
		}
		sort.Strings(p.Files)
		for _, n := range append([]string{p.Name}, p.Aliases...) {
			if _, dup := byName[n]; dup {
				panic("profiles: duplicate profile name " + n)
			}
			byName[n] = p
		}
	}
}

// All returns every embedded profile: the simple profiles in version order,
// then the built-in type profiles.
func All() []*Profile {
	return append([]*Profile(nil), profiles...)
}

// ByName returns the profile with this name or alias, or nil if unknown.
func ByName(name string) *Profile {
	return byName[name]
}

// implicit maps a tosca_definitions_version to the names of the profiles a
// file of that version gets without importing them.
var implicit = map[string][]string{
	"tosca_simple_yaml_1_0":            {"tosca-simple-1.0", Builtin1x},
	"tosca_simple_yaml_1_1":            {"tosca-simple-1.1", Builtin1x},
	"tosca_simple_yaml_1_2":            {"tosca-simple-1.2", Builtin1x},
	"tosca_simple_yaml_1_3":            {"tosca-simple-1.3", Builtin1x},
	"tosca_simple_profile_for_nfv_1_0": nil,
	// TOSCA 2.0 files must import the simple profile by name; only the
	// built-in types come for free.
	"tosca_2_0": {Builtin20},
	// Variability4TOSCA extends 1.3 with its normative types, and Vintner's
	// templates use Vintner's profile.
	"tosca_variability_1_0":      {"tosca-simple-1.3", Builtin1x, Variability, Vintner},
	"tosca_variability_1_0_rc_2": {"tosca-simple-1.3", Builtin1x, Variability, Vintner},
	"tosca_variability_1_0_rc_3": {"tosca-simple-1.3", Builtin1x, Variability, Vintner},
}

// Implicit returns the profiles implicitly imported by a file whose
// tosca_definitions_version is toscaVersion; nil if none or the version is
// unknown.
func Implicit(toscaVersion string) []*Profile {
	names := implicit[strings.TrimSpace(toscaVersion)]
	if len(names) == 0 {
		return nil
	}
	out := make([]*Profile, 0, len(names))
	for _, n := range names {
		out = append(out, byName[n])
	}
	return out
}

var (
	hashOnce sync.Once
	hashStr  string
	hashErr  error
)

// contentHash is a short hash over every embedded path and its content.
func contentHash() (string, error) {
	hashOnce.Do(func() {
		h := sha256.New()
		hashErr = fs.WalkDir(FS, ".", func(name string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := FS.ReadFile(name)
			if err != nil {
				return err
			}
			fmt.Fprintf(h, "%s\x00%d\x00", name, len(data))
			h.Write(data)
			return nil
		})
		hashStr = hex.EncodeToString(h.Sum(nil))[:16]
	})
	return hashStr, hashErr
}

// Materialize extracts FS into cacheDir/<short content hash>/ and returns
// that root; FS path "simple-2.0/node_types.yaml" ends up at
// filepath.Join(root, "simple-2.0", "node_types.yaml"). The tree is private
// (folders 0700, files 0400: read-only, so that an editor opening one after
// a go-to-definition does not offer to save changes). The tree is written to a temporary directory and renamed into
// place, so concurrent processes never see a partial tree; when the root
// already exists nothing is written.
func Materialize(cacheDir string) (string, error) {
	sum, err := contentHash()
	if err != nil {
		return "", fmt.Errorf("profiles: hashing embedded files: %w", err)
	}
	root := filepath.Join(cacheDir, sum)
	if complete(root) {
		return root, nil
	}
	// The cache is the user's own: nobody else may plant files in it.
	if err := os.MkdirAll(cacheDir, 0o700); err != nil {
		return "", fmt.Errorf("profiles: %w", err)
	}
	if _, err := os.Lstat(root); err == nil && !complete(root) {
		// Present but incomplete (files were deleted by hand): move it aside.
		// A tree renamed into place by another process is always complete,
		// so this never discards a concurrent extraction.
		if trash, err := os.MkdirTemp(cacheDir, ".old-"+sum+"-"); err == nil {
			_ = os.Rename(root, filepath.Join(trash, "tree"))
			_ = os.RemoveAll(trash)
		}
	}
	tmp, err := os.MkdirTemp(cacheDir, ".tmp-"+sum+"-")
	if err != nil {
		return "", fmt.Errorf("profiles: %w", err)
	}
	if err := extract(tmp); err != nil {
		_ = os.RemoveAll(tmp)
		return "", fmt.Errorf("profiles: extracting to %s: %w", tmp, err)
	}
	if err := os.Rename(tmp, root); err != nil {
		_ = os.RemoveAll(tmp)
		// Another process may have won the race.
		if complete(root) {
			return root, nil
		}
		return "", fmt.Errorf("profiles: %w", err)
	}
	return root, nil
}

// complete reports whether root holds a materialized tree: every profile's
// entry file is present.
func complete(root string) bool {
	for _, p := range profiles {
		if st, err := os.Stat(filepath.Join(root, filepath.FromSlash(p.Entry))); err != nil || !st.Mode().IsRegular() {
			return false
		}
	}
	return true
}

// extract writes every file of FS below dir. Directories stay writable by
// their owner so that the cache can be cleaned up (and only by them: a
// private cache); files are read-only, and only their owner reads them.
func extract(dir string) error {
	return fs.WalkDir(FS, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		target := filepath.Join(dir, filepath.FromSlash(name))
		if d.IsDir() {
			return os.MkdirAll(target, 0o700)
		}
		data, err := FS.ReadFile(name)
		if err != nil {
			return err
		}
		if err := os.WriteFile(target, data, 0o400); err != nil {
			return err
		}
		return os.Chmod(target, 0o400) // whatever the umask
	})
}

// DefaultCacheDir is where Materialize should extract to by default:
// os.UserCacheDir()/tosca-ls/profiles, or below os.TempDir() when there is
// no user cache directory.
func DefaultCacheDir() string {
	base, err := os.UserCacheDir()
	if err != nil || base == "" {
		base = os.TempDir()
	}
	return filepath.Join(base, "tosca-ls", "profiles")
}

// Path returns the file-system path of an FS path below a root returned by
// Materialize.
func Path(root, name string) string {
	return filepath.Join(root, filepath.FromSlash(path.Clean(name)))
}
