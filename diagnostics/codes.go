package diagnostics

import (
	"fmt"
	"slices"
	"strings"
)

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
			if sug := suggest(n, codeNames()); sug != "" {
				msg += fmt.Sprintf("; did you mean %s?", sug)
			}
			return nil, fmt.Errorf("%s", msg)
		}
		out = append(out, c)
	}
	return out, nil
}

// codeNames returns the codes as strings, for suggestions.
func codeNames() []string {
	var out []string
	for _, c := range Codes() {
		out = append(out, string(c))
	}
	return out
}

// schemaCodes are the codes of the checks that read a provider's schema: what a check of the
// language alone (Carina's without its providers) cannot report.
var schemaCodes = []Code{CodeNoSchema, CodeUnknownType, CodeTypeCase, CodeReadKeyword, CodeUnknownAttribute,
	CodeMissingRequired, CodeExclusiveRequired, CodeReadOnly, CodeBlockSyntax, CodeTypeMismatch,
	CodeInvalidEnum, CodeEnumString, CodeEnumOldForm, CodeOutOfRange, CodeInvalidPattern,
	CodeInvalidRegion, CodeSchemaVersion, CodeWaitUntilAttribute, CodeWaitUntilType, CodeUnknownCustom}

// ReadsSchema reports whether a code's check reads a provider's schema.
func ReadsSchema(c Code) bool { return slices.Contains(schemaCodes, c) }
