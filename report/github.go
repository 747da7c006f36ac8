package report

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
)

// githubLine prints a GitHub Actions workflow command, which the Actions runner turns into an
// annotation on the pull request.
func githubLine(w io.Writer, d Located) error {
	r := d.Range
	level := levelOf(d.Severity, "notice")
	_, err := fmt.Fprintf(w, "::%s file=%s,line=%d,col=%d,endLine=%d,endColumn=%d,title=%s::%s\n",
		level, ghProperty(filepath.ToSlash(d.Path)), r.Start.Line+1, r.Start.Character+1, r.End.Line+1, r.End.Character+1,
		ghProperty("carina "+string(d.Code)), ghData(d.Message))
	return err
}

func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

func ghProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
