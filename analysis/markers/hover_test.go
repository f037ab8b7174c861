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

func hoverMarker(env *Env, m Marker) {
	off, span, ok := env.Locate(m, 0)
	if !ok {
		return
	}
	h := env.hover(env.Abs(m.Path), off)
	if h == nil {
		env.Errorf(m, "no hover")
		return
	}
	if h.Span != span {
		env.Errorf(m, "the hover spans %q, want %q", env.Files[m.Path][h.Span.Start:h.Span.End], env.Files[m.Path][span.Start:span.End])
	}
	for _, want := range env.Strs(m, 1) {
		if !strings.Contains(h.Markdown, want) {
			env.Errorf(m, "the hover lacks %q; got:\n%s", want, h.Markdown)
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

func hoverLacksMarker(env *Env, m Marker) {
	off, _, ok := env.Locate(m, 0)
	if !ok {
		return
	}
	h := env.hover(env.Abs(m.Path), off)
	if h == nil {
		env.Errorf(m, "no hover")
		return
	}
	for _, unwanted := range env.Strs(m, 1) {
		if strings.Contains(h.Markdown, unwanted) {
			env.Errorf(m, "the hover holds %q; got:\n%s", unwanted, h.Markdown)
		}
	}
}
