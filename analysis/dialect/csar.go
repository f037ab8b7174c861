package dialect

import (
	"fmt"

	"github.com/tosca-ls/tosca-ls/analysis/diag"
	"github.com/tosca-ls/tosca-ls/analysis/grammar"
	"github.com/tosca-ls/tosca-ls/index/facts"
)

// meta checks a CSAR's TOSCA.meta beyond its grammar: the CSARs of TOSCA
// 1.x also state the version of the meta file format. (Its definitions
// files are linked as imports: the model reports those it cannot find.)
func (c *checker) meta() {
	fl, ok := c.f.Field(facts.Root, grammar.MetaCSARVersion)
	version := c.f.FieldText(facts.Root, grammar.MetaCSARVersion)
	if !ok || version == "" || !grammar.MetaNeedsFileVersion(version) {
		return
	}
	if _, has := c.f.Field(facts.Root, grammar.MetaFileVersion); !has {
		c.report(c.f.KeySpan(fl), diag.Error, diag.MissingKeyname,
			fmt.Sprintf("a CSAR of version %s also needs `%s` (only 2.0 CSARs leave it out)", version, grammar.MetaFileVersion))
	}
}
