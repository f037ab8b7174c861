package grammar

import "strings"

// Language is the kind of document a YAML file holds, told by the keyname
// that states its version.
type Language uint8

const (
	// NotModel is any other YAML (or text): tosca-ls leaves it alone.
	NotModel Language = iota
	// TOSCA files state `tosca_definitions_version`.
	TOSCA
	// Heat files (OpenStack Heat Orchestration Templates) state `heat_template_version`.
	Heat
	// CSARMeta is a CSAR's TOSCA-Metadata/TOSCA.meta, told by its path.
	CSARMeta
	// HeatEnv is a Heat environment file: it states no version, and has
	// `resource_registry` or `parameter_defaults` at its top.
	HeatEnv
)

// Version keynames of each language.
const (
	ToscaVersionKey = "tosca_definitions_version"
	HeatVersionKey  = "heat_template_version"
)

// VersionKey is the keyname stating a file's version in the language.
func (l Language) VersionKey() string {
	switch l {
	case TOSCA:
		return ToscaVersionKey
	case Heat:
		return HeatVersionKey
	case CSARMeta:
		return MetaCSARVersion
	}
	return ""
}

func (l Language) String() string {
	switch l {
	case TOSCA:
		return "TOSCA"
	case Heat:
		return "Heat"
	case CSARMeta:
		return "CSAR metadata"
	case HeatEnv:
		return "Heat environment"
	}
	return "not TOSCA"
}

// LanguageOfKey returns the language whose version keyname is key.
func LanguageOfKey(key string) Language {
	switch key {
	case ToscaVersionKey:
		return TOSCA
	case HeatVersionKey:
		return Heat
	}
	return NotModel
}

// Dialect is one value of a version keyname and what it selects: the
// grammar versions its files are checked against, the profiles they see
// without importing them, and whether tosca-ls describes its grammar.
type Dialect struct {
	// Version is the value of the version keyname (`tosca_simple_yaml_1_3`).
	Version  string
	Language Language
	// Alias is another value naming the same dialect (a Heat release name).
	Alias string
	// Title is how messages name the dialect.
	Title string
	// Grammar is the set of versions of the TOSCA grammar the dialect's
	// files are checked against (None for dialects not described).
	Grammar Versions
	// Implicit names the profiles every file of the dialect sees without
	// importing them (see package profiles).
	Implicit []string
	// Modelled is false for dialects tosca-ls recognises but does not
	// describe: their files are checked for YAML and imports only and get
	// one note saying so, instead of false errors.
	Modelled bool
	// Lenient dialects are not fully described: a keyname or value the
	// grammar cannot place is a warning, never an error.
	Lenient bool
}

// Root is the entity a whole file of the language is (nil for other YAML).
func (l Language) Root() *Entity {
	switch l {
	case TOSCA:
		return ServiceTemplate
	case Heat:
		return HeatTemplate
	case CSARMeta:
		return MetaBlock
	case HeatEnv:
		return HeatEnvironment
	}
	return nil
}

// Profile names the dialect table refers to (package profiles provides them).
const (
	ProfileSimple10  = "tosca-simple-1.0"
	ProfileSimple11  = "tosca-simple-1.1"
	ProfileSimple12  = "tosca-simple-1.2"
	ProfileSimple13  = "tosca-simple-1.3"
	ProfileSimple20  = "org.oasis-open.simple:2.0"
	ProfileBuiltin1x = "tosca-builtin-1.x"
	ProfileBuiltin20 = "tosca-builtin-2.0"
	// ProfileBuiltin20Draft holds what the drafts of 2.0 had built in and
	// the OASIS Standard has not (range, the scalar-unit types): a fallback
	// of every 2.0 file, each use a warning.
	ProfileBuiltin20Draft = "tosca-builtin-2.0-draft"
	// ProfileVariability holds Variability4TOSCA's normative group and
	// interface types; ProfileVintner the TOSCA Vintner Profile, whose types
	// Vintner's templates use: a fallback (a file's own type of the same
	// name is the one it means).
	ProfileVariability = "variability4tosca-1.0"
	ProfileVintner     = "tosca-vintner-profile"
)

// variabilityProfiles are the profiles a Variability4TOSCA file sees.
var variabilityProfiles = []string{ProfileSimple13, ProfileBuiltin1x, ProfileVariability, ProfileVintner}

// Dialects is the one table of version values tosca-ls knows.
var Dialects = []*Dialect{
	{Version: "tosca_simple_yaml_1_0", Language: TOSCA, Title: "TOSCA Simple Profile in YAML 1.0", Grammar: V1_0,
		Implicit: []string{ProfileSimple10, ProfileBuiltin1x}, Modelled: true},
	{Version: "tosca_simple_yaml_1_1", Language: TOSCA, Title: "TOSCA Simple Profile in YAML 1.1", Grammar: V1_1,
		Implicit: []string{ProfileSimple11, ProfileBuiltin1x}, Modelled: true},
	{Version: "tosca_simple_yaml_1_2", Language: TOSCA, Title: "TOSCA Simple Profile in YAML 1.2", Grammar: V1_2,
		Implicit: []string{ProfileSimple12, ProfileBuiltin1x}, Modelled: true},
	{Version: "tosca_simple_yaml_1_3", Language: TOSCA, Title: "TOSCA Simple Profile in YAML 1.3", Grammar: V1_3,
		Implicit: []string{ProfileSimple13, ProfileBuiltin1x}, Modelled: true},
	// TOSCA 2.0 files import the simple profile by name; only the built-in
	// types come for free. Both forms of 2.0 (the 2020 draft and the final
	// text) share the version value; the keynames a file uses tell them apart.
	{Version: "tosca_2_0", Language: TOSCA, Title: "TOSCA 2.0", Grammar: V2,
		Implicit: []string{ProfileBuiltin20}, Modelled: true},
	{Version: "tosca_simple_profile_for_nfv_1_0", Language: TOSCA, Title: "TOSCA Simple Profile for NFV"},
	// Variability4TOSCA (variability.go) is 1.3 with its own keynames and
	// normative types, and Vintner's profile as a fallback. Vintner's
	// release candidates differ from the final version only in the default
	// values of the variability options (its specification, "RC v2", "RC v3").
	{Version: "tosca_variability_1_0", Language: TOSCA, Title: "Variability4TOSCA", Grammar: V1_3 | VVariability,
		Implicit: variabilityProfiles, Modelled: true},
	{Version: "tosca_variability_1_0_rc_2", Language: TOSCA, Title: "Variability4TOSCA (release candidate 2)", Grammar: V1_3 | VVariability,
		Implicit: variabilityProfiles, Modelled: true},
	{Version: "tosca_variability_1_0_rc_3", Language: TOSCA, Title: "Variability4TOSCA (release candidate 3)", Grammar: V1_3 | VVariability,
		Implicit: variabilityProfiles, Modelled: true},
	{Version: "tosca_simple_unfurl_1_0_0", Language: TOSCA, Title: "Unfurl's TOSCA"},
}

// DialectOf returns the dialect of a version value in a language, or nil
// when the value is unknown. Every CSAR metadata file has the one dialect
// (its versions are values checked like any other).
func DialectOf(lang Language, version string) *Dialect {
	version = strings.TrimSpace(version)
	switch lang {
	case TOSCA:
		for _, d := range Dialects {
			if d.Version == version {
				return d
			}
		}
	case Heat:
		for _, d := range HeatDialects {
			if d.Version == version || version != "" && d.Alias == version {
				return d
			}
		}
	case CSARMeta:
		return MetaDialect
	case HeatEnv:
		return HeatEnvDialect
	}
	return nil
}

// VersionValues lists the values completion offers for the language's
// version keyname (none for CSAR metadata, whose CSAR-Version is an
// enumeration of its grammar).
func (l Language) VersionValues() []string {
	switch l {
	case TOSCA:
		return ModelledVersions()
	case Heat:
		return HeatVersionValues()
	}
	return nil
}

// ModelledVersions lists the TOSCA version values whose grammar is
// described, for messages and completion.
func ModelledVersions() []string {
	var out []string
	for _, d := range Dialects {
		if d.Modelled {
			out = append(out, d.Version)
		}
	}
	return out
}

// The CSAR layout (TOSCA 2.0 §6.1, 1.3 §3.1): an archive or folder whose
// TOSCA-Metadata/TOSCA.meta names the entry definitions; root-relative
// imports (`/types.yaml`) start at the folder holding TOSCA-Metadata.
const (
	CSARMetaDir  = "TOSCA-Metadata"
	CSARMetaFile = "TOSCA.meta"
)

// Extension is a processor's extension of TOSCA that files use without a
// version of their own: tosca-ls recognises it by the names it adds, says
// so once per file, and does not report those names as errors.
type Extension struct {
	Name string
	// Repositories are repository names the processor provides itself
	// (imports naming them without declaring them).
	Repositories []string
	// Keynames are keynames the extension adds to TOSCA entities.
	Keynames []string
}

// Extensions lists the extensions tosca-ls recognises.
var Extensions = []*Extension{
	// Unfurl (unfurl.run) ships TOSCA types in its own repository and adds
	// an `environment` keyname to templates and operations.
	{Name: "Unfurl", Repositories: []string{"unfurl"}, Keynames: []string{"environment"}},
}

// Puccini is puccini's extension: functions and constraint clauses a file
// declares as JavaScript "scriptlets" in its metadata (see Scriptlet).
var Puccini = &Extension{Name: "puccini"}

// Scriptlet reads a metadata name that declares a puccini scriptlet:
// `puccini.scriptlet:tosca.function.NAME` (or `puccini.scriptlet.import:…`,
// the scriptlet in a file) declares function NAME, `….tosca.constraint.NAME`
// constraint clause NAME.
func Scriptlet(key string) (function bool, name string, ok bool) {
	for _, prefix := range []string{"puccini.scriptlet:", "puccini.scriptlet.import:"} {
		rest, found := strings.CutPrefix(key, prefix)
		if !found {
			continue
		}
		if name, ok := strings.CutPrefix(rest, "tosca.function."); ok && name != "" {
			return true, name, true
		}
		if name, ok := strings.CutPrefix(rest, "tosca.constraint."); ok && name != "" {
			return false, name, true
		}
	}
	return false, "", false
}

// ExtensionRepository returns the extension that provides a repository
// name itself, or nil.
func ExtensionRepository(name string) *Extension {
	for _, e := range Extensions {
		for _, r := range e.Repositories {
			if r == name {
				return e
			}
		}
	}
	return nil
}

// ExtensionKeyname returns the extension that adds a keyname, or nil.
func ExtensionKeyname(name string) *Extension {
	for _, e := range Extensions {
		for _, k := range e.Keynames {
			if k == name {
				return e
			}
		}
	}
	return nil
}
