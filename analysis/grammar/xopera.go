package grammar

// xOpera reads TOSCA 1.3. Its reading of `get_property` and `get_attribute`
// with a requirement, `[ SELF, requirement, name, … ]`, takes name from the
// requirement's target node (after a capability of that name of the node
// itself). The 1.3 text (§4.4.2, §4.5.1) says only that the requirement or
// capability "contains the property definition", and its own example
// (`[ SELF, database_endpoint, port ]`) reads the port of the target's
// capability: the relationship, the requirement's capability and the
// target node are all readings of the text. Every 1.x and 2020-draft path
// accepts each of them (paths.go, package model), so the setting adds
// nothing of its own for xOpera: choosing it only leaves out the other
// processors' additions.

// XOpera is the processor.
var XOpera = &Processor{Name: "xopera", Title: "xOpera", Over: V1x}
