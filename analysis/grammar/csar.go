package grammar

// A CSAR's TOSCA-Metadata/TOSCA.meta (TOSCA 2.0 §17.2, 1.3 §3.1): blocks of
// `Name: value` lines separated by empty lines. Block 0 describes the CSAR;
// the other blocks hold custom metadata and are not checked.

// Keynames of block 0.
const (
	MetaFileVersion = "TOSCA-Meta-File-Version"
	MetaCSARVersion = "CSAR-Version"
	MetaCreatedBy   = "Created-By"
	MetaEntry       = "Entry-Definitions"
	MetaOther       = "Other-Definitions"
	metaVersion2    = "2.0"
)

// MetaBlock is block 0 of TOSCA.meta.
var MetaBlock = &Entity{
	Name: "CSAR metadata",
	Doc: "The first block of TOSCA-Metadata/TOSCA.meta: the CSAR's version, who made it, and which TOSCA file " +
		"is the entry point. Other blocks may hold custom name/value pairs.",
	Spec: Spec{Text: "TOSCA 2.0 §17.2.1"},
}

// MetaDialect is the dialect of every TOSCA.meta file.
var MetaDialect = &Dialect{Language: CSARMeta, Title: "CSAR metadata", Grammar: VCSARMeta, Modelled: true}

// MetaNeedsFileVersion reports whether a CSAR-Version needs
// TOSCA-Meta-File-Version next to it (the 1.x CSARs; 2.0 dropped it).
func MetaNeedsFileVersion(csarVersion string) bool { return csarVersion != metaVersion2 }

func init() {
	MetaBlock.Keys = []*Key{
		key(MetaFileVersion, VCSARMeta, enum("1.0", "1.1"),
			"The version of the TOSCA.meta format: `1.0` or `1.1` for the CSARs of TOSCA 1.x (TOSCA 2.0 CSARs leave it out)."),
		key(MetaCSARVersion, VCSARMeta, enum("1.0", "1.1", metaVersion2),
			"The version of the CSAR format: `2.0` for TOSCA 2.0, `1.1` (or `1.0`) for TOSCA 1.x.").reqAll(),
		key(MetaCreatedBy, VCSARMeta, str(), "The person or organisation that made the CSAR.").reqAll(),
		key(MetaEntry, VCSARMeta, ref(ImportURL),
			"The TOSCA file to process first (the main service template), relative to the root of the CSAR.").reqAll(),
		key(MetaOther, VCSARMeta, str(),
			"Files holding substitution templates for nodes of the entry definitions, relative to the CSAR root, "+
				"separated by blanks (a name with blanks in double quotes)."),
	}
	// Custom names are allowed (§17.2.2): a name close to a keyname is
	// warned about in the binder.
	MetaBlock.Extra = anyV()
}
