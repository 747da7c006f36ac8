package workspace

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestCallOfABinding: a binding holding a partial application is called by its name (`let
// by_comma = split(',')`, then `by_comma()`), and the call refers to it (its span the name) and
// makes its statement depend on it. When a function shares the name, Carina applies the
// binding only after its declaration in the same file, and calls the function elsewhere; a
// name that no function has names the binding wherever it is declared.
func TestCallOfABinding(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		calls []string // describeRefs of the calls, in order
		deps  []string // describeDeps
	}{{
		name: "called, piped, composed",
		files: map[string]string{"main.crn": `let by_comma = split(',')
let parts = 'a,b' |> by_comma()
let direct = by_comma('c,d')
let twice = by_comma >> join('-')
`},
		calls: []string{
			"main.crn:1 split (call) -> <nil>",
			"main.crn:2 by_comma (call) -> main.crn:1 value",
			"main.crn:3 by_comma (call) -> main.crn:1 value",
			"main.crn:4 join (call) -> <nil>",
		},
		deps: []string{"parts -> by_comma", "direct -> by_comma", "twice -> by_comma"},
	}, {
		name: "a function of the name: before the let and after",
		files: map[string]string{"main.crn": `fn dash(xs) { xs |> join('+') }
let early = dash(['a'])
let dash = join('-')
let late = dash(['b'])
let piped = ['c'] |> dash()
`},
		calls: []string{
			"main.crn:1 join (call) -> <nil>",
			"main.crn:2 dash (call) -> main.crn:1 function",
			"main.crn:3 join (call) -> <nil>",
			"main.crn:4 dash (call) -> main.crn:3 value",
			"main.crn:5 dash (call) -> main.crn:3 value",
		},
		deps: []string{"late -> dash", "piped -> dash"},
	}, {
		name: "a built-in of the name: not in the let's own value",
		files: map[string]string{"main.crn": `let split = split(',')
let parts = 'a,b' |> split()
`},
		calls: []string{
			"main.crn:1 split (call) -> <nil>",
			"main.crn:2 split (call) -> main.crn:1 value",
		},
		deps: []string{"parts -> split"},
	}, {
		name: "a let of the name holding no partial application",
		files: map[string]string{"main.crn": `let upper = 'x'
let shout = upper('a')
`},
		calls: []string{"main.crn:2 upper (call) -> <nil>"},
	}, {
		name: "a function's let in a sibling file is not applied",
		files: map[string]string{
			"a.crn": "let dash = join('-')\n",
			"b.crn": "fn dash(xs) { xs }\nlet b = dash(['x'])\n",
		},
		calls: []string{
			"a.crn:1 join (call) -> <nil>",
			"b.crn:2 dash (call) -> b.crn:1 function",
		},
	}, {
		name: "no function of the name: later, or in a sibling file",
		files: map[string]string{
			"a.crn": "let n = later(['x'])\nlet later = join(':')\nlet m = other(['y'])\n",
			"b.crn": "let other = join('.')\n",
		},
		calls: []string{
			"a.crn:1 later (call) -> a.crn:2 value",
			"a.crn:2 join (call) -> <nil>",
			"a.crn:3 other (call) -> b.crn:1 value",
			"b.crn:1 join (call) -> <nil>",
		},
		deps: []string{"n -> later", "m -> other"},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := loadDir(t, tt.files)
			noSyntaxErrors(t, c)
			var calls []string
			for _, r := range c.Refs {
				if r.Kind == RefCall {
					calls = append(calls, describeRef(r))
				}
			}
			if diff := cmp.Diff(tt.calls, calls); diff != "" {
				t.Errorf("calls (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.deps, describeDeps(c)); diff != "" {
				t.Errorf("deps (-want +got):\n%s", diff)
			}
		})
	}
}
