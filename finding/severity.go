package finding

// Severity orders diagnostics from the most to the least serious.
type Severity int

// Severities, numbered as in LSP.
const (
	Error   Severity = 1
	Warning Severity = 2
	Info    Severity = 3
	Hint    Severity = 4
)

func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	case Info:
		return "info"
	case Hint:
		return "hint"
	}
	return "unknown"
}

// ParseSeverity reads "error", "warning", "info" or "hint".
func ParseSeverity(s string) (Severity, bool) {
	for _, v := range []Severity{Error, Warning, Info, Hint} {
		if v.String() == s {
			return v, true
		}
	}
	return 0, false
}
