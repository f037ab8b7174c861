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
	// ProfileUnfurl is the unfurl.* types Unfurl provides (unfurl.go).
	ProfileUnfurl = "tosca-unfurl"
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
	// Unfurl's own version is 1.3 read for Unfurl (unfurl.go).
	{Version: "tosca_simple_unfurl_1_0_0", Language: TOSCA, Title: "Unfurl's TOSCA", Grammar: V1_3,
		Implicit: []string{ProfileSimple13, ProfileBuiltin1x}, Modelled: true},
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

// Foreign languages write a tosca_definitions_version but are not TOSCA:
// their files are not read (a folder scan skips them; a file named or
// opened gets one invalid-version error saying what it is).
var foreignVersions = []struct{ prefix, title string }{
	{"cloudify_dsl_", "Cloudify's DSL"},
}

// ForeignLanguage names the language a version value of another language
// belongs to ("" for TOSCA's own and unknown values).
func ForeignLanguage(version string) string {
	version = strings.TrimSpace(version)
	for _, f := range foreignVersions {
		if strings.HasPrefix(version, f.prefix) {
			return f.title
		}
	}
	return ""
}

// Processor is a TOSCA processor whose additions to the language tosca-ls
// describes as a dialect of their own: keynames, functions and readings
// the processor accepts and the text of a file's version does not have.
// A file read for a processor has the processor's grammar versions
// besides its version's; the checks find the additions by asking the
// grammar which processor a keyname, function or form belongs to.
type Processor struct {
	// Name is the value of the `processor` setting that chooses it ("" for
	// one no setting chooses: its additions are at best warnings).
	Name  string
	Title string
	// Grammar is the versions its additions are written in.
	Grammar Versions
	// Over is the grammars it adds to: a file of another version is not
	// read for it.
	Over Versions
	// Implicit names the profiles its files see without importing them.
	Implicit []string
	// What marks a file as written for it (the index's detection reads
	// the file for them): version values of its own, repositories it
	// provides (imported without being declared), the prefix of the type
	// names of its profile, functions only it has, metadata keys it reads.
	Versions       []string
	Repositories   []string
	TypePrefix     string
	Calls          []string
	MetadataPrefix string
	// OpenMetadata is a metadata key that, true on a type, lets its
	// templates assign properties the type does not define.
	OpenMetadata string
	// Commands is set when an implementation may name a command line or
	// one of the processor's own implementations instead of a file.
	Commands bool
}

// Processors are the processors whose additions tosca-ls describes.
var Processors = []*Processor{Vintner, Unfurl, XOpera, Puccini, Ubicity}

// Vintner, the reference implementation of Variability4TOSCA, reads the
// files of its versions: its additions are the grammar those versions
// select (variability.go), so it adds no versions of its own and the
// version alone tells it.
var Vintner = &Processor{
	Name: "vintner", Title: "Vintner", Over: V4T,
	Versions: []string{"tosca_variability_1_0", "tosca_variability_1_0_rc_2", "tosca_variability_1_0_rc_3"},
}

// ProcessorSetting is the `processor` setting: how a file's processors
// are chosen.
type ProcessorSetting string

const (
	// ProcessorAuto reads each file for the processors it shows it is
	// written for; what another processor adds is a warning.
	ProcessorAuto ProcessorSetting = "auto"
	// ProcessorStrict reads the text of each file's version alone: what a
	// processor adds is an error.
	ProcessorStrict ProcessorSetting = "strict"
)

// ProcessorSettings lists the values of the setting.
func ProcessorSettings() []string {
	out := []string{string(ProcessorAuto)}
	for _, p := range Processors {
		if p.Name != "" {
			out = append(out, p.Name)
		}
	}
	return append(out, string(ProcessorStrict))
}

// ParseProcessorSetting reads a value of the setting ("" is auto).
func ParseProcessorSetting(s string) (ProcessorSetting, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return ProcessorAuto, true
	}
	for _, v := range ProcessorSettings() {
		if s == v {
			return ProcessorSetting(s), true
		}
	}
	return ProcessorAuto, false
}

// Chosen is the processor the setting names (nil for auto and strict).
func (s ProcessorSetting) Chosen() *Processor {
	for _, p := range Processors {
		if p.Name != "" && string(s) == p.Name {
			return p
		}
	}
	return nil
}

// Reads reports whether the processor reads files of the grammar base.
func (p *Processor) Reads(base Versions) bool { return p.Over.Has(base) }

// OwnsVersion reports whether a tosca_definitions_version value is one of
// the processor's own.
func (p *Processor) OwnsVersion(version string) bool {
	version = strings.TrimSpace(version)
	for _, v := range p.Versions {
		if v == version {
			return true
		}
	}
	return false
}

// ProcessorOf is the processor whose additions are written in versions v
// (nil when v holds no processor's).
func ProcessorOf(v Versions) *Processor {
	for _, p := range Processors {
		if p.Grammar.Has(v &^ (V1x | V2)) {
			return p
		}
	}
	return nil
}

// RepositoryProcessor is the processor that provides a repository name
// itself (files import from it without declaring it), or nil.
func RepositoryProcessor(name string) *Processor {
	for _, p := range Processors {
		for _, r := range p.Repositories {
			if r == name {
				return p
			}
		}
	}
	return nil
}

// Judgement is how a form that only a processor accepts is reported.
type Judgement uint8

const (
	// Accepted: the processor reads the file, and the form is its own.
	Accepted Judgement = iota
	// Warned: a warning (the processor is not detected, or the text
	// forbids the form outright).
	Warned
	// Refused: an error (strict, or another processor is chosen).
	Refused
)

// Judge says how a file read with setting, for the processors in effect,
// judges a form processor p adds. warn marks forms the text of the
// version forbids outright (another notation of what it writes, a
// placement an older version had): they stay warnings where p reads the
// file.
func Judge(setting ProcessorSetting, inEffect []*Processor, p *Processor, warn bool) Judgement {
	for _, q := range inEffect {
		if q == p {
			if warn {
				return Warned
			}
			return Accepted
		}
	}
	if setting == ProcessorAuto {
		return Warned
	}
	return Refused
}
