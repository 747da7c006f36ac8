package diagnostics

import (
	"github.com/carina-rs/carina-lsp/types"
)

// Codes of the language rules inference checks (package types): each is the rule's name.
const (
	CodeBuiltinArgument = Code(types.RuleBuiltinArgument)
	CodeFunctionArity   = Code(types.RuleFunctionArity)
	CodeRecursive       = Code(types.RuleRecursive)
	CodeParameterType   = Code(types.RuleParameterType)
	CodeReturnType      = Code(types.RuleReturnType)
	CodeClosureAsData   = Code(types.RuleClosureAsData)
	CodeClosureArity    = Code(types.RuleClosureArity)
	CodeComposeOperand  = Code(types.RuleComposeOperand)
	CodePipeClosure     = Code(types.RulePipeClosure)
	CodeShadowsBuiltin  = Code(types.RuleShadowsBuiltin)
	CodeParameterOrder  = Code(types.RuleParameterOrder)
	CodeResourceInValue = Code(types.RuleResourceInValue)
	CodeNotAResource    = Code(types.RuleNotAResource)
	CodeIndexKey        = Code(types.RuleIndexKey)
	CodeFieldAfterIndex = Code(types.RuleFieldAfterIndex)
	CodeIfWithoutElse   = Code(types.RuleIfWithoutElse)
	CodeIfCondition     = Code(types.RuleIfCondition)
	CodeForIterable     = Code(types.RuleForIterable)
	CodeUnknownTypeName = Code(types.RuleUnknownTypeName)
	CodeDuplicateField  = Code(types.RuleDuplicateField)
	CodeExportType      = Code(types.RuleExportType)
	CodeExportInference = Code(types.RuleExportInference)
	CodeModuleArgType   = Code(types.RuleModuleArgType)
	CodeArgValidation   = Code(types.RuleArgValidation)
	CodeRequire         = Code(types.RuleRequire)
)

// typeCodes are the codes of the language rules inference checks.
var typeCodes = []Code{CodeBuiltinArgument, CodeFunctionArity, CodeRecursive, CodeParameterType,
	CodeReturnType, CodeClosureAsData, CodeClosureArity, CodeComposeOperand, CodePipeClosure,
	CodeShadowsBuiltin, CodeParameterOrder, CodeResourceInValue, CodeNotAResource, CodeIndexKey,
	CodeFieldAfterIndex, CodeIfWithoutElse, CodeIfCondition, CodeForIterable, CodeUnknownTypeName,
	CodeDuplicateField, CodeExportType, CodeExportInference, CodeModuleArgType, CodeArgValidation,
	CodeRequire}

// checkTypes reports what evaluating the statement as Carina does meets.
func (c *checker) checkTypes() {
	f, st := c.onlyFile, c.only
	in := c.cfg.Types(c.schemas)
	for _, p := range in.Statement(f.Path, st) {
		code := Code(p.Rule)
		switch {
		case p.Rule == types.RuleEmptyInterpolate:
			continue // reported by the blocks check
		case p.Rule == types.RuleUnknownFunction && len(c.cfg.Functions[p.Subject]) == 0:
			continue // the references check reports a name that is no function, wherever it is called
		}
		c.add(f, at(st, p.Span), Error, code, "%s", p.Msg)
	}
}
