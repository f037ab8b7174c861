// Package mason reads a mason.nvim package definition (the package.yaml
// of mason-registry) the way mason installs it, for the parts tosca-ls's
// own (editors/nvim/mason/package.yaml) uses: a GitHub release asset per
// platform, its binary, and the links mason puts in its bin folder. The
// release tests check the definition against what .ci/release builds, and
// the editor tests install from it.
package mason

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"

	"github.com/goccy/go-yaml"
)

// Package is a package definition.
type Package struct {
	Name        string   `yaml:"name"`
	Description string   `yaml:"description"`
	Homepage    string   `yaml:"homepage"`
	Licenses    []string `yaml:"licenses"`
	Languages   []string `yaml:"languages"`
	Categories  []string `yaml:"categories"`
	Source      struct {
		ID    string  `yaml:"id"`
		Asset []Asset `yaml:"asset"`
	} `yaml:"source"`
	Bin    map[string]string `yaml:"bin"`
	Neovim struct {
		Lspconfig string `yaml:"lspconfig"`
	} `yaml:"neovim"`
}

// Asset is the release file of one platform (a mason target such as
// linux_x64) and the binary's path inside it once extracted.
type Asset struct {
	Target string `yaml:"target"`
	File   string `yaml:"file"`
	Bin    string `yaml:"bin"`
}

// Targets are mason's platform names for the platforms release archives
// are built for.
var Targets = []string{"darwin_x64", "darwin_arm64", "linux_x64", "linux_arm64", "win_x64", "win_arm64"}

// categories are those mason-registry's schema allows.
var categories = []string{"Compiler", "DAP", "Formatter", "Linter", "LSP", "Runtime"}

// githubPurl is a source id of a GitHub release: pkg:github/OWNER/REPO@VERSION.
var githubPurl = regexp.MustCompile(`^pkg:github/[\w.-]+/[\w.-]+@(\S+)$`)

// Load reads and checks a package definition; a field mason does not know
// is an error, as in mason-registry's schema.
func Load(path string) (*Package, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var p Package
	if err := yaml.UnmarshalWithOptions(data, &p, yaml.DisallowUnknownField()); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if err := p.check(); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &p, nil
}

func (p *Package) check() error {
	switch {
	case p.Name == "" || p.Description == "" || p.Homepage == "":
		return fmt.Errorf("name, description and homepage are required")
	case len(p.Licenses) == 0 || len(p.Languages) == 0 || len(p.Categories) == 0:
		return fmt.Errorf("licenses, languages and categories are required")
	case !githubPurl.MatchString(p.Source.ID):
		return fmt.Errorf("source.id %q is no pkg:github/OWNER/REPO@VERSION", p.Source.ID)
	case len(p.Bin) == 0:
		return fmt.Errorf("bin is required")
	}
	for _, c := range p.Categories {
		if !slices.Contains(categories, c) {
			return fmt.Errorf("category %q is none of %v", c, categories)
		}
	}
	seen := map[string]bool{}
	for _, a := range p.Source.Asset {
		if seen[a.Target] || !slices.Contains(Targets, a.Target) || a.File == "" || a.Bin == "" {
			return fmt.Errorf("asset %+v: a target of %v given once, with a file and a bin", a, Targets)
		}
		seen[a.Target] = true
	}
	return nil
}

// Version is the version of the release the package installs (v0.3.0).
func (p *Package) Version() string {
	return githubPurl.FindStringSubmatch(p.Source.ID)[1]
}

// Asset is the asset of a target with its templates rendered.
func (p *Package) Asset(target string) (Asset, error) {
	i := slices.IndexFunc(p.Source.Asset, func(a Asset) bool { return a.Target == target })
	if i < 0 {
		return Asset{}, fmt.Errorf("no asset for %s", target)
	}
	a := p.Source.Asset[i]
	var err error
	if a.File, err = p.render(a.File, a); err == nil {
		a.Bin, err = p.render(a.Bin, a)
	}
	return a, err
}

// Links are the links mason makes in its bin folder for an asset: name →
// path in the package's folder.
func (p *Package) Links(a Asset) (map[string]string, error) {
	links := map[string]string{}
	for name, tmpl := range p.Bin {
		target, err := p.render(tmpl, a)
		if err != nil {
			return nil, err
		}
		links[name] = target
	}
	return links, nil
}

// expression is a template expression: {{ … }}.
var expression = regexp.MustCompile(`\{\{\s*(.*?)\s*\}\}`)

// render expands the expressions tosca-ls's definition uses: the version,
// with its "v" prefix stripped or not, and the asset's bin. Any other is
// an error rather than text mason would render differently.
func (p *Package) render(s string, a Asset) (string, error) {
	var bad error
	out := expression.ReplaceAllStringFunc(s, func(m string) string {
		switch expr := expression.FindStringSubmatch(m)[1]; expr {
		case "version":
			return p.Version()
		case `version | strip_prefix "v"`:
			return strings.TrimPrefix(p.Version(), "v")
		case "source.asset.bin":
			return a.Bin
		default:
			bad = fmt.Errorf("template expression %q is not rendered here", expr)
			return m
		}
	})
	return out, bad
}
