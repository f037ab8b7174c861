package diag

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxQuoted is how many characters of a name a message quotes: a name is
// the author's, of any length (a key of a megabyte, a name used through
// thousands of aliases), and a message quoting it whole would be as long.
const MaxQuoted = 80

// MaxListed is how many names a message lists (the types of a derivation
// cycle, …) before saying how many more there are.
const MaxListed = 8

// Name is a name for a message: itself, or its first characters and an
// ellipsis when it has more than MaxQuoted.
func Name(s string) string {
	if len(s) <= MaxQuoted {
		return s
	}
	i := 0
	for n := 0; n < MaxQuoted-1; n++ {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		if i == len(s) {
			return s
		}
	}
	if _, size := utf8.DecodeRuneInString(s[i:]); i+size == len(s) {
		return s // exactly MaxQuoted characters
	}
	return s[:i] + "…"
}

// Quote is Name in double quotes, as messages quote names (%q).
func Quote(s string) string { return strconv.Quote(Name(s)) }

// Sprintf formats a message as fmt.Sprintf does, each string quoted with
// %q shortened first (see Quote): every message quoting a name is made
// with it.
func Sprintf(format string, args ...any) string {
	quoted := make([]any, len(args))
	for i, a := range args {
		if s, ok := a.(string); ok {
			a = quotable(s)
		}
		quoted[i] = a
	}
	return fmt.Sprintf(format, quoted...)
}

// quotable is a string that %q formats with Quote, and other verbs as is.
type quotable string

func (q quotable) Format(f fmt.State, verb rune) {
	if verb == 'q' {
		io.WriteString(f, Quote(string(q)))
		return
	}
	fmt.Fprintf(f, fmt.FormatString(f, verb), string(q))
}

// Cycle writes a cycle of n names, each leading to the next and the last
// back to the first: "a → b → a". A cycle of more than MaxListed names
// shows the first MaxListed and how many more there are.
func Cycle(n int, name func(i int) string) string {
	var b strings.Builder
	for i := range min(n, MaxListed) {
		b.WriteString(Name(name(i)))
		b.WriteString(" → ")
	}
	if n > MaxListed {
		b.WriteString("… and ")
		b.WriteString(strconv.Itoa(n - MaxListed))
		b.WriteString(" more → ")
	}
	b.WriteString(Name(name(0)))
	return b.String()
}
