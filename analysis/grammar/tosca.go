package grammar

// This file holds the small constructors the grammar tables are written
// with. The tables themselves are split by area:
//
//   - service.go: the root of a TOSCA file, imports, repositories, the
//     topology template (1.x, 2020 draft) and service template (final 2.0)
//     bodies, substitution mappings and final 2.0 function definitions;
//   - types.go: the eight kinds of type definition;
//   - definitions.go: property, attribute, parameter and schema definitions,
//     capability, requirement, interface, operation, notification,
//     implementation and artifact definitions;
//   - templates.go: node and relationship templates, groups, policies,
//     triggers, workflows and the assignments they hold;
//   - functions.go: intrinsic functions, constraint operators and the
//     enumerations (statuses, directives, node states, versions).
//
// Entities are package variables created with their name and doc; their
// keynames are attached in init functions, so that entities can refer to
// each other (and to themselves) without initialization cycles.

// Value constructors.

func str() *Value            { return &Value{Kind: StringValue} }
func boolean() *Value        { return &Value{Kind: BoolValue} }
func integer() *Value        { return &Value{Kind: IntValue} }
func count() *Value          { return &Value{Kind: IntValue, NonNegative: true} }
func number() *Value         { return &Value{Kind: NumberValue} }
func rangeV() *Value         { return &Value{Kind: RangeValue} }
func anyV() *Value           { return &Value{Kind: AnyValue} }
func mapV() *Value           { return &Value{Kind: MapValue} }
func listV() *Value          { return &Value{Kind: ListValue} }
func ref(r RefKind) *Value   { return &Value{Kind: RefValue, Ref: r} }
func ent(e *Entity) *Value   { return &Value{Kind: EntityValue, Entity: e} }
func mapOf(v *Value) *Value  { return &Value{Kind: MapOfValue, Elem: v} }
func listOf(v *Value) *Value { return &Value{Kind: ListOfValue, Elem: v} }
func namedList(v *Value) *Value {
	return &Value{Kind: NamedListValue, Elem: v}
}
func tuple(items ...*Value) *Value { return &Value{Kind: ListOfValue, Items: items} }
func enum(vals ...string) *Value   { return &Value{Kind: StringValue, Enum: vals} }
func refs(r RefKind) *Value        { return listOf(ref(r)) }
func strs() *Value                 { return listOf(str()) }

// assignments is a map of property, attribute or parameter values.
func assignments() *Value { return mapOf(anyV()) }

// documented adds what the values of an enumeration mean (see Value.EnumDocs).
func (v *Value) documented(docs map[string]string) *Value { v.EnumDocs = docs; return v }

// EnumDoc says what value s of the enumeration v means ("" if nothing).
func (v *Value) EnumDoc(s string) string {
	if v == nil {
		return ""
	}
	return v.EnumDocs[s]
}

// open marks an enumeration the specification leaves open (see Value.Open).
func (v *Value) open() *Value { v.Open = true; return v }

// withShort sets the short notation of v.
func (v *Value) withShort(s *Value) *Value { v.Short = s; return v }

// orMap makes a mapping without keynames of v's entity its short notation
// too (see Value.ShortMap).
func (v *Value) orMap() *Value { v.ShortMap = true; return v }

// withShortIn sets the short notation of v, applying only in the given versions.
func (v *Value) withShortIn(s *Value, in Versions) *Value {
	v.Short, v.ShortIn = s, in
	return v
}

// key makes a keyname; it exists in the given versions and is optional.
func key(name string, in Versions, v *Value, doc string) *Key {
	return &Key{Name: name, In: in, Value: v, Doc: doc}
}

// req marks the keyname mandatory in the given versions (within In).
func (k *Key) req(vs Versions) *Key { k.Required = vs & k.In; return k }

// reqAll marks the keyname mandatory wherever it exists.
func (k *Key) reqAll() *Key { k.Required = k.In; return k }

// reqNew marks the keyname mandatory in new definitions only: refinements
// of an inherited definition may leave it out (see Key.NewOnly).
func (k *Key) reqNew() *Key { k.Required, k.NewOnly = k.In, true; return k }

// refining marks the keyname's entries as refinements (see Key.Refines).
func (k *Key) refining() *Key { k.Refines = true; return k }

// unless waives Required when one of the named sibling keynames is present.
func (k *Key) unless(names ...string) *Key { k.RequiredUnless = names; return k }

// excluding names the sibling keynames that must not appear with this one.
func (k *Key) excluding(names ...string) *Key { k.Excludes = names; return k }

// replacing records which keyname of the other 2.0 form this one replaces.
func (k *Key) replacing(name string) *Key { k.Replaces = name; return k }

// onlyBelow limits a keyname of data types to the types derived from the
// built-in type base (see Key.Below).
func (k *Key) onlyBelow(base string) *Key { k.Below = base; return k }

// defaulting records the value the text gives the keyname when it is left
// out (see Key.Default).
func (k *Key) defaulting(value string) *Key { k.Default = value; return k }

func keys(ks ...[]*Key) []*Key {
	var out []*Key
	for _, k := range ks {
		out = append(out, k...)
	}
	return out
}

// Keys shared by many entities.

func descriptionKey(in Versions, what string) *Key {
	return key("description", in, str(), "A free-text description of "+what+", shown to readers and tools; it has no effect on deployment.")
}

func metadataKey(in Versions, what string) *Key {
	return key("metadata", in, mapV(), "Arbitrary name/value pairs attached to "+what+" for tools and humans; orchestrators may ignore them and they never change behaviour.")
}
