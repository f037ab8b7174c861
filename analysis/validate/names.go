package validate

import (
	"strings"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/facts"
	"github.com/tosca-ls/tosca-ls/index/syntax"
)

// names checks the names a file gives its definitions and entries, and in
// 1.x its metadata: names are strings (`1.0:` is a float, `"":` is empty),
// and 1.x metadata maps strings to strings (2.0 §5.3.1 allows any value).
func (c *checker) names() {
	for id := range c.f.Entities {
		if !c.strict {
			c.metadata(facts.ID(id))
		}
		e := &c.f.Entities[id]
		if e.Key() == nil || e.Key().Definitions() == nil || e.NameSpan.End <= e.NameSpan.Start {
			continue
		}
		switch {
		case e.Name == "" && isCollectionKey(c.text(e.NameSpan)):
			// A flow collection as the key: §15.2 and §15.3 map
			// `[ CAPABILITY, endpoint, port ]`, CSD06 §15.5 `[ requirement, count ]`.
		case e.Name == "":
			c.report(e.NameSpan, diag.Error, diag.WrongValueType, "an empty name: give the %s a name", e.G().Name)
		case c.text(e.NameSpan) == e.Name:
			if kind := grammar.CoreScalar(e.Name); kind != grammar.YAMLString {
				c.mismatch(e.NameSpan, "the name %s is %s, not a string: quote it", e.Name, kind)
			}
		}
	}
}

// isCollectionKey reports a key written as a flow sequence or mapping.
func isCollectionKey(key string) bool {
	return strings.HasPrefix(key, "[") || strings.HasPrefix(key, "{")
}

// metadata warns about 1.x metadata values that are not strings.
func (c *checker) metadata(id facts.ID) {
	for k, v := range c.f.Pairs(c.f.FieldValue(id, grammar.KeyMetadata)) {
		// A scalar is its source text (`template_version: 1.0`), as tosca-ls
		// reads every 1.x string.
		if val := c.f.Value(v); val.Kind() != syntax.Scalar {
			c.report(val.Span, diag.Warning, diag.WrongValueType, "metadata %q is %s: TOSCA 1.x metadata values are strings", c.f.Text(k), describeValue(c.f, v))
		}
	}
}
