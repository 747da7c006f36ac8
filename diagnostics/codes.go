package diagnostics

import (
	"slices"

	"github.com/carina-rs/carina-lsp/finding"
)

// schemaCodes are the codes of the checks that read a provider's schema: what a check of the
// language alone (Carina's without its providers) cannot report.
var schemaCodes = []finding.Code{finding.CodeNoSchema, finding.CodeUnknownType, finding.CodeTypeCase, finding.CodeReadKeyword, finding.CodeUnknownAttribute,
	finding.CodeMissingRequired, finding.CodeExclusiveRequired, finding.CodeReadOnly, finding.CodeBlockSyntax, finding.CodeTypeMismatch,
	finding.CodeInvalidEnum, finding.CodeEnumString, finding.CodeEnumOldForm, finding.CodeOutOfRange, finding.CodeInvalidPattern,
	finding.CodeInvalidRegion, finding.CodeSchemaVersion, finding.CodeWaitUntilAttribute, finding.CodeWaitUntilType, finding.CodeUnknownCustom}

// ReadsSchema reports whether a code's check reads a provider's schema.
func ReadsSchema(c finding.Code) bool { return slices.Contains(schemaCodes, c) }
