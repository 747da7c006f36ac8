//go:build !carina_recipe

package grammar

// recipeConstructs returns the constructs that the construct recipe's test adds to the table
// (internal/recipe, built with -tags carina_recipe): none in every real build.
func recipeConstructs() []Construct { return nil }
