// Package recipe holds the test that docs/design/constructs.md's "Adding a construct" is true: a
// keyed construct added to the construct table, and nothing else, gets parsing, completion,
// hover, semantic tokens, formatting and key validation. The construct is compiled in only with
// the build tag carina_recipe (grammar/recipe_sleep.go); TestRecipe runs the tagged test.
package recipe
