// Package cfn reads CloudFormation templates (YAML or JSON) into a model that keeps every value's
// place in the template: the sections, the resources with their attributes, and the intrinsic
// functions in either form (`!Ref X` and `{"Ref": "X"}` are one Call). It is what `carina-lsp
// convert` and the editor's "Paste as Carina" start from; the mapping to Carina lives beside it,
// with what a conversion reports (its notes, what is left to the user, Result.Summary).
package cfn
