package finding

import (
	"fmt"
	"slices"
	"strings"

	"github.com/carina-rs/carina-lsp/internal/spell"
)

// Code names a kind of problem. Codes are stable: editors and CI configurations refer to them.
type Code string

// CodeSyntax is every syntax error.
const CodeSyntax Code = "syntax"

// Codes of the checks on attribute references and module calls.
const (
	CodeUnknownOutput   Code = "unknown-module-attribute"
	CodeUnknownExport   Code = "unknown-upstream-export"
	CodeUnknownArgument Code = "unknown-module-argument"
	CodeMissingArgument Code = "missing-module-argument"
)

// Codes of the checks on blocks and literals.
const (
	CodeDuplicateAttribute    Code = "duplicate-attribute"
	CodeEmptyInterpolation    Code = "empty-interpolation"
	CodeSingleQuotedInterp    Code = "single-quoted-interpolation"
	CodeDirectivesDependsOn   Code = "directives-depends-on"
	CodeDirectivesBoolean     Code = "directives-type"
	CodeDirectivesUnknownKey  Code = "directives-unknown-key"
	CodeDirectivesProviderRef Code = "directives-provider"
)

// Codes of the table-driven check of keyed constructs, for the constructs that have no codes of
// their own (a wait's and directives' keep theirs: keyCodes).
const (
	CodeMissingKey   Code = "missing-key"
	CodeUnknownKey   Code = "unknown-key"
	CodeDuplicateKey Code = "duplicate-key"
	CodeKeyValue     Code = "invalid-key-value"
)

// CodeCycle is a dependency cycle between declarations.
const CodeCycle Code = "dependency-cycle"

// Codes of the declaration checks.
const (
	CodeDuplicate Code = "duplicate-declaration"
	CodeUnused    Code = "unused-let"
)

// Codes of the checks of the modules a configuration uses, as Carina loads them.
const (
	CodeModuleNotFound Code = "module-not-found"
	CodeCircularImport Code = "circular-import"
	CodeInvalidModule  Code = "invalid-module"
)

// Codes of the style rules `carina lint` adds (warnings there, warnings here).
const (
	CodeSnakeCase  Code = "binding-snake-case"
	CodePipeForm   Code = "pipe-form"
	CodeListBlock  Code = "prefer-block-syntax"
	CodeTagKeyCase Code = "tag-key-case"
)

// Codes of the configuration-placement checks.
const (
	CodeArgumentsInRoot Code = "arguments-in-root"
	CodeNotInModule     Code = "not-allowed-in-module"
)

// Codes of the checks of provider blocks.
const (
	CodeVersionConstraint Code = "invalid-version-constraint"
	CodeVersionRevision   Code = "version-and-revision"
)

// CodeRedundantDependsOn is the code of a depends_on entry the dependency graph already implies.
const CodeRedundantDependsOn Code = "redundant-depends-on"

// Codes of the reference checks.
const (
	CodeUndefined       Code = "undefined-binding"
	CodeUnknownFunction Code = "unknown-function"
	CodeUnknownModule   Code = "unknown-module"
)

// CodeInvalidRegion is a region that is none of the provider's regions.
const CodeInvalidRegion Code = "invalid-region"

// Codes of the schema checks on resources.
const (
	CodeNoSchema          Code = "no-schema"
	CodeUnknownType       Code = "unknown-resource-type"
	CodeTypeCase          Code = "resource-type-spelling"
	CodeReadKeyword       Code = "read-keyword"
	CodeUnknownAttribute  Code = "unknown-attribute"
	CodeMissingRequired   Code = "missing-required-attribute"
	CodeExclusiveRequired Code = "exclusive-attributes"
	CodeReadOnly          Code = "read-only-attribute"
	CodeBlockSyntax       Code = "block-syntax"
)

// Codes of the checks of state blocks and backends.
const (
	CodeMovedTypeChange  Code = "moved-type-change"
	CodeMultipleBackends Code = "multiple-backends"
)

// Codes of what the configuration's change does to what its state file says is running (package
// plan, computed from a local state file only).
const (
	CodeReplacesResource Code = "replaces-resource"
	CodePreventDestroy   Code = "prevent-destroy"
	CodeInvalidState     Code = "invalid-state"
)

// CodeDisableUnknown is a carina-lsp:disable comment naming no diagnostic code.
const CodeDisableUnknown Code = "disable-unknown-code"

// Codes of the language rules inference checks (package types): each is the rule's name
// (diagnostics' TestTypeCodes holds them to types.Rule).
const (
	CodeBuiltinArgument Code = "builtin-argument"
	CodeFunctionArity   Code = "function-arity"
	CodeRecursive       Code = "recursive-function"
	CodeParameterType   Code = "parameter-type"
	CodeReturnType      Code = "return-type"
	CodeClosureAsData   Code = "closure-as-data"
	CodeClosureArity    Code = "closure-arity"
	CodeComposeOperand  Code = "compose-operand"
	CodePipeClosure     Code = "pipe-closure"
	CodeShadowsBuiltin  Code = "function-shadows-builtin"
	CodeParameterOrder  Code = "parameter-order"
	CodeResourceInValue Code = "resource-in-value"
	CodeNotAResource    Code = "not-a-resource"
	CodeIndexKey        Code = "index-key"
	CodeFieldAfterIndex Code = "field-after-index"
	CodeIfWithoutElse   Code = "if-without-else"
	CodeIfCondition     Code = "if-condition"
	CodeForIterable     Code = "for-iterable"
	CodeUnknownTypeName Code = "unknown-type-name"
	CodeUnknownCustom   Code = "unknown-custom-type"
	CodeDuplicateField  Code = "duplicate-struct-field"
	CodeExportType      Code = "export-type"
	CodeExportInference Code = "export-type-required"
	CodeModuleArgType   Code = "module-argument-type"
	CodeArgValidation   Code = "argument-validation"
	CodeRequire         Code = "require-failed"
)

// Codes of the checks of the upstream configurations a configuration reads.
const (
	CodeUpstreamNotFound Code = "upstream-not-found"
	CodeInvalidUpstream  Code = "invalid-upstream"
	CodeUpstreamShape    Code = "upstream-export-shape"
)

// Codes of the value checks.
const (
	CodeTypeMismatch   Code = "type-mismatch"
	CodeInvalidEnum    Code = "invalid-enum-value"
	CodeEnumString     Code = "enum-string-literal"
	CodeEnumOldForm    Code = "enum-provider-prefix"
	CodeOutOfRange     Code = "out-of-range"
	CodeInvalidPattern Code = "invalid-format"
)

// CodeSchemaVersion is the note on a provider block whose version has no embedded schemas: the
// nearest set is used, and the findings that depend on it are warnings.
const CodeSchemaVersion Code = "schema-version"

// Codes of the wait checks.
const (
	CodeWaitMissingUntil     Code = "wait-missing-until"
	CodeWaitDuplicateKey     Code = "wait-duplicate-key"
	CodeWaitUnknownKey       Code = "wait-unknown-key"
	CodeWaitUnknownTarget    Code = "wait-unknown-target"
	CodeWaitInvalidTarget    Code = "wait-invalid-target"
	CodeWaitSelfTarget       Code = "wait-self-target"
	CodeWaitUntilOperator    Code = "wait-until-unsupported-operator"
	CodeWaitUntilShape       Code = "wait-until-shape"
	CodeWaitUntilSelf        Code = "wait-until-self-reference"
	CodeWaitUntilCrossTarget Code = "wait-until-cross-target"
	CodeWaitUntilAttribute   Code = "wait-until-unknown-attribute"
	CodeWaitUntilType        Code = "wait-until-type-mismatch"
	CodeWaitUntilQuoted      Code = "wait-until-quoted-enum"
	CodeWaitTimeoutType      Code = "wait-timeout-not-duration"
	CodeWaitTimeoutZero      Code = "wait-timeout-zero"
	CodeWaitTimeoutShort     Code = "wait-timeout-below-interval"
	CodeWaitDependsOnEntry   Code = "wait-depends-on-invalid"
	CodeWaitDependsOnUnknown Code = "wait-depends-on-unknown"
	CodeWaitDependsOnDup     Code = "wait-depends-on-duplicate"
	CodeWaitDependsOnSelf    Code = "wait-depends-on-self"
	CodeWaitDependsOnTarget  Code = "wait-depends-on-target"
	CodeWaitUnused           Code = "wait-unused"
	CodeWaitBypass           Code = "wait-bypass"
)

// typeCodes are the codes of the language rules inference checks.
var typeCodes = []Code{CodeBuiltinArgument, CodeFunctionArity, CodeRecursive, CodeParameterType,
	CodeReturnType, CodeClosureAsData, CodeClosureArity, CodeComposeOperand, CodePipeClosure,
	CodeShadowsBuiltin, CodeParameterOrder, CodeResourceInValue, CodeNotAResource, CodeIndexKey,
	CodeFieldAfterIndex, CodeIfWithoutElse, CodeIfCondition, CodeForIterable, CodeUnknownTypeName, CodeUnknownCustom,
	CodeDuplicateField, CodeExportType, CodeExportInference, CodeModuleArgType, CodeArgValidation,
	CodeRequire, CodeUpstreamShape}

// Codes returns every code a diagnostic may have, sorted: what `check -disable`, the server's
// disable setting and the carina-lsp:disable comments accept (TestCodes keeps the list complete).
func Codes() []Code {
	codes := []Code{
		CodeSyntax,
		// references and declarations
		CodeUndefined, CodeUnknownFunction, CodeUnknownModule, CodeUnknownOutput, CodeUnknownExport,
		CodeUnknownArgument, CodeMissingArgument, CodeDuplicate, CodeUnused, CodeCycle, CodeRedundantDependsOn,
		CodeArgumentsInRoot, CodeNotInModule,
		// modules and upstream configurations as Carina loads them
		CodeModuleNotFound, CodeCircularImport, CodeInvalidModule, CodeUpstreamNotFound, CodeInvalidUpstream,
		// providers, state blocks and backends
		CodeVersionConstraint, CodeVersionRevision, CodeMovedTypeChange, CodeMultipleBackends,
		// keyed constructs against the construct table
		CodeMissingKey, CodeUnknownKey, CodeDuplicateKey, CodeKeyValue,
		// blocks and strings
		CodeDuplicateAttribute, CodeEmptyInterpolation, CodeSingleQuotedInterp, CodeDirectivesDependsOn,
		CodeDirectivesBoolean, CodeDirectivesUnknownKey, CodeDirectivesProviderRef,
		// resources and values against their schema
		CodeNoSchema, CodeUnknownType, CodeTypeCase, CodeReadKeyword, CodeUnknownAttribute,
		CodeMissingRequired, CodeExclusiveRequired, CodeReadOnly, CodeBlockSyntax, CodeTypeMismatch,
		CodeInvalidEnum, CodeEnumString, CodeEnumOldForm, CodeOutOfRange, CodeInvalidPattern,
		CodeInvalidRegion, CodeSchemaVersion,
		// waits
		CodeWaitMissingUntil, CodeWaitDuplicateKey, CodeWaitUnknownKey, CodeWaitUnknownTarget,
		CodeWaitInvalidTarget, CodeWaitSelfTarget, CodeWaitUntilOperator, CodeWaitUntilShape,
		CodeWaitUntilSelf, CodeWaitUntilCrossTarget, CodeWaitUntilAttribute, CodeWaitUntilType,
		CodeWaitUntilQuoted, CodeWaitTimeoutType, CodeWaitTimeoutZero, CodeWaitTimeoutShort,
		CodeWaitDependsOnEntry, CodeWaitDependsOnUnknown, CodeWaitDependsOnDup, CodeWaitDependsOnSelf,
		CodeWaitDependsOnTarget, CodeWaitUnused, CodeWaitBypass,
		// the plan against the local state file
		CodeReplacesResource, CodePreventDestroy, CodeInvalidState,
		// the style rules of carina lint
		CodeSnakeCase, CodePipeForm, CodeListBlock, CodeTagKeyCase,
		// disable comments
		CodeDisableUnknown,
	}
	// the language rules inference checks
	codes = append(codes, typeCodes...)
	slices.Sort(codes)
	return codes
}

// KnownCode reports whether c is the code of some diagnostic.
func KnownCode(c Code) bool {
	_, ok := slices.BinarySearch(Codes(), c)
	return ok
}

// ParseDisable reads a list of codes to disable (`-disable code,code`, the disable setting):
// every code must be known, and syntax errors cannot be disabled. Empty entries are ignored.
func ParseDisable(names []string) ([]Code, error) {
	var out []Code
	for _, n := range names {
		n = strings.TrimSpace(n)
		if n == "" {
			continue
		}
		c := Code(n)
		switch {
		case c == CodeSyntax:
			return nil, fmt.Errorf("syntax errors cannot be disabled")
		case !KnownCode(c):
			msg := fmt.Sprintf("unknown diagnostic code %q", n)
			if sug := ClosestCode(n); sug != "" {
				msg += fmt.Sprintf("; did you mean %s?", sug)
			}
			return nil, fmt.Errorf("%s", msg)
		}
		out = append(out, c)
	}
	return out, nil
}

// ClosestCode returns the code a misspelt one most likely meant, or "" (spell.Closest's rule).
func ClosestCode(name string) string {
	var names []string
	for _, c := range Codes() {
		names = append(names, string(c))
	}
	return spell.Closest(name, names, nil)
}

// DocsDir is the folder of the repository that holds a page for every code,
// docs/diagnostics/<code>.md, generated by internal/codedocs from diagnostics/testdata/codes.
const DocsDir = "docs/diagnostics"

// DocURL returns the address of a code's page: what an editor opens from a diagnostic (LSP's
// codeDescription) and code scanning from a rule (SARIF's helpUri). It points at the main
// branch, where every released code keeps its page.
func DocURL(c Code) string {
	return "https://github.com/carina-rs/carina-lsp/blob/main/" + DocsDir + "/" + string(c) + ".md"
}
