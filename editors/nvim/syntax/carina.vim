" Carina (.crn) syntax for Neovim without a TextMate engine. The keyword list is
" grammar.Keywords() of the Go lexer; editors/grammar_test.go checks it.
if exists('b:current_syntax')
  finish
endif

syntax case match

syntax keyword carinaStorage fn let
syntax keyword carinaConditional if else
syntax keyword carinaRepeat for in
syntax keyword carinaWait wait
syntax keyword carinaKeyword until timeout depends_on read use upstream_state require
syntax keyword carinaDeclaration provider backend arguments attributes exports validation directives import removed moved
syntax keyword carinaBoolean true false
syntax keyword carinaNull null

syntax match carinaDuration /\<\d\+\(seconds\|second\|sec\|s\|minutes\|minute\|min\|m\|hours\|hour\|hr\|h\)\>/
syntax match carinaFloat /\<-\?\d\+\.\d\+\>/
syntax match carinaNumber /\(\<\|-\)\d\+\>/
syntax match carinaType /\<[a-z][A-Za-z0-9_]*\(\.[a-z][A-Za-z0-9_]*\)*\.[A-Z][A-Za-z0-9_]*\>/
syntax match carinaOperator /|>\|>>\|??\|==\|!=\|<=\|>=\|&&\|||\|!/

syntax region carinaInterpolation matchgroup=carinaInterpolationDelimiter start=/\${/ end=/}/ contained contains=carinaStringDouble,carinaStringSingle,carinaNumber,carinaFloat,carinaDuration,carinaBoolean,carinaNull,carinaOperator
syntax match carinaEscapeDouble /\\["\\nrt$]/ contained
syntax match carinaEscapeSingle /\\['\\]/ contained
syntax region carinaStringDouble start=/"/ skip=/\\./ end=/"/ contains=carinaEscapeDouble,carinaInterpolation
syntax region carinaStringSingle start=/'/ skip=/\\./ end=/'/ contains=carinaEscapeSingle
syntax region carinaHeredoc matchgroup=carinaHeredocMarker start=/<<-\?\z([A-Za-z0-9_]\+\)\s*$/ end=/^\s*\z1\s*$/ contains=carinaInterpolation
syntax region carinaHeredoc matchgroup=carinaHeredocMarker start=/<<-\?'\z([A-Za-z0-9_]\+\)'\s*$/ end=/^\s*\z1\s*$/

syntax match carinaComment /#.*$/ contains=@Spell
syntax match carinaComment +//.*$+ contains=@Spell
syntax region carinaBlockComment start=+/\*+ end=+\*/+ contains=carinaBlockComment,@Spell

highlight default link carinaStorage StorageClass
highlight default link carinaConditional Conditional
highlight default link carinaRepeat Repeat
highlight default link carinaWait Keyword
highlight default link carinaKeyword Keyword
highlight default link carinaDeclaration Keyword
highlight default link carinaBoolean Boolean
highlight default link carinaNull Constant
highlight default link carinaDuration Number
highlight default link carinaFloat Float
highlight default link carinaNumber Number
highlight default link carinaType Type
highlight default link carinaOperator Operator
highlight default link carinaStringDouble String
highlight default link carinaStringSingle String
highlight default link carinaHeredoc String
highlight default link carinaHeredocMarker Delimiter
highlight default link carinaEscapeDouble SpecialChar
highlight default link carinaEscapeSingle SpecialChar
highlight default link carinaInterpolationDelimiter Delimiter
highlight default link carinaComment Comment
highlight default link carinaBlockComment Comment

let b:current_syntax = 'carina'
