package markers_test

// Markers of hover (package hover).
//
//	#@hover("loc‸", "text"…)    the hover at the locator spans exactly the
//	                            locator's text and its markdown holds every
//	                            text given
//	#@nohover("loc‸")           there is no hover at the locator
//	#@hoverlacks("loc‸", "text"…) there is a hover at the locator and its
//	                            markdown holds none of the texts given

import (
	"strings"
)

func init() {
	handlers["hover"] = hoverMarker
	handlers["nohover"] = noHoverMarker
	handlers["hoverlacks"] = hoverLacksMarker
}

func hoverMarker(env *Env, m Marker) { checkHover(env, m, true) }

func hoverLacksMarker(env *Env, m Marker) { checkHover(env, m, false) }

// checkHover checks the hover at m's locator: that it holds (want) or
// lacks every text given; @hover also checks its span.
func checkHover(env *Env, m Marker, want bool) {
	off, span, ok := env.Locate(m, 0)
	if !ok {
		return
	}
	h := env.hover(env.Abs(m.Path), off)
	if h == nil {
		env.Errorf(m, "no hover")
		return
	}
	if want && h.Span != span {
		env.Errorf(m, "the hover spans %q, want %q", env.Files[m.Path][h.Span.Start:h.Span.End], env.Files[m.Path][span.Start:span.End])
	}
	for _, s := range env.Strs(m, 1) {
		switch holds := strings.Contains(h.Markdown, s); {
		case want && !holds:
			env.Errorf(m, "the hover lacks %q; got:\n%s", s, h.Markdown)
		case !want && holds:
			env.Errorf(m, "the hover holds %q; got:\n%s", s, h.Markdown)
		}
	}
}

func noHoverMarker(env *Env, m Marker) {
	off, _, ok := env.Locate(m, 0)
	if !ok {
		return
	}
	if h := env.hover(env.Abs(m.Path), off); h != nil {
		env.Errorf(m, "unexpected hover:\n%s", h.Markdown)
	}
}
