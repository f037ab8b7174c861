package syntax
import ("testing";"fmt")
func TestZZ(t *testing.T){
	src:=[]byte("a: 1\nb:\n  c: x\n")
	s := newScanner(src, string(src), 0, len(src), &errorSink{})
	for i:=0;i<30;i++ { tk := s.peek(); fmt.Printf("%d [%d,%d) %q\n", tk.kind, tk.start, tk.end, tk.value); if tk.kind==tokStreamEnd {break}; s.skip() }
}
