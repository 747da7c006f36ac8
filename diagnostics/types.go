package diagnostics

import (
	"strconv"
	"strings"

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
	CodeUnknownCustom   = Code(types.RuleUnknownCustom)
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
	CodeFieldAfterIndex, CodeIfWithoutElse, CodeIfCondition, CodeForIterable, CodeUnknownTypeName, CodeUnknownCustom,
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
		case p.Rule == types.RuleUnknownFunction && len(c.cfg.Functions[p.Subject]) == 0 && c.cfg.Lookup(p.Subject) == nil:
			continue // the references check reports a name that is no function, wherever it is called
		case p.Rule == types.RuleUndefined && c.reported(CodeUndefined, p.Subject):
			continue // the references check has reported it where it is written
		}
		d := c.add(f, at(st, p.Span), Error, code, "%s", p.Msg)
		if fx := p.Fix; fx != nil {
			d.Fixes = append(d.Fixes, Fix{Title: fx.Title, Edits: []Edit{{Span: at(st, fx.Span), NewText: fx.NewText}}, Safe: fx.Safe})
		}
		if r := p.Related; r != nil && c.cfg.File(r.Path) != nil {
			d.Related = append(d.Related, Related{Path: r.Path, Span: r.Span, Message: r.Msg})
		}
	}
}

// reported reports whether the statement's checks have reported a diagnostic of code about
// name already.
func (c *checker) reported(code Code, name string) bool {
	q := strconv.Quote(name)
	for _, d := range c.out[c.stmtMark:] {
		if d.Code == code && strings.Contains(d.Message, q) {
			return true
		}
	}
	return false
}
