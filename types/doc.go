// Package types owns Carina's own language as values and types: the type model (Type: String,
// Int, ..., list(T), map(T), struct { ... }, literal unions, custom types, resource types,
// modules, closures), the values Carina computes before apply (Value: constants, and
// placeholders for what is known later), the built-in functions with their signatures and their
// evaluation, Carina's custom types with their validators, and the evaluator that reads a
// configuration as Carina does while it parses and resolves it (Info), finding the mistakes
// that evaluation meets (Problem, by Rule). It alone decides whether a written value fits a
// schema type (schemafit.go) and how it does not: its elements, enum members, bounds, formats
// and regions (Misfit: misfit.go, enumfit.go, formatfit.go, regionfit.go), and which names are
// declared nowhere (undefined.go); package diagnostics reports what it decides.
//
// It reads the syntax tree (grammar) and the providers' schemas (schema), and the module's one
// measure of a misspelling (internal/spell), and nothing else: the
// configuration it evaluates is an Env, which package workspace implements, and the checks,
// hover, completion, signature help and inlay hints read what it infers. It owns how a type
// prints (Type.String, a schema's type through FromSchemaIn) and what a call's function takes
// (Signature: a built-in's, a user function's, a partial application's held by a let), so the
// features print the same.
package types
