package grammar

// Ubicity's TOSCA 2.0 profiles (com.ubicity.*) give relationship types a
// `kind` (ASSOCIATION, DEPENDENCY, CONTAINMENT) that TOSCA 2.0 §7.3 does
// not have. No setting reads files for Ubicity's orchestrator: the keyname
// is a warning (an error under `strict`), and its value is checked.

// Ubicity is the processor whose profiles add the keyname.
var Ubicity = &Processor{Title: "Ubicity", Grammar: VUbicity, Over: V2}

func init() {
	RelationshipTypeDef.Keys = append(RelationshipTypeDef.Keys, key("kind", VUbicity,
		enum("ASSOCIATION", "DEPENDENCY", "CONTAINMENT"),
		"Ubicity: what the relationship means (an association, a dependency, a containment)."))
}
