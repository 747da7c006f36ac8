//go:build carina_recipe

package grammar

// recipeConstructs adds the construct of the construct recipe's test (internal/recipe): a
// `sleep { duration = 30s }` as the wait design document names as a follow-up, written as a
// contributor following docs/design/constructs.md's "Adding a construct" would add it. This file
// and the test are the whole change: every feature must follow from the entry.
func recipeConstructs() []Construct {
	return []Construct{{
		ID: ValidationConstruct + 1, Keyword: "sleep", Name: "sleep", Place: InLet,
		Keys: []Key{{Name: "duration", Value: DurationValue, Required: true,
			Detail: "how long to pause the apply", Snippet: "duration = "}},
		Detail:     "Pause the apply for a while",
		Snippet:    "let ${1:name} = sleep {\n  duration = $0\n}",
		LetSnippet: "sleep {\n  duration = $0\n}",
		Doc:        "**sleep** — pauses everything that reads its binding for a fixed duration.",
		Example:    "let settle = sleep {\n  duration = 30s\n}",
	}}
}
