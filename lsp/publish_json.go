package lsp

import (
	"strconv"

	fastjson "github.com/segmentio/encoding/json"
	"go.lsp.dev/protocol"

	"github.com/carina-rs/carina-lsp/internal/jsonstr"
)

// MarshalJSON encodes the diagnostics of a publish by hand. Every keystroke publishes its
// document's diagnostics again (up to 1,000, with their related places): encoding them through
// reflection cost more than the keystroke's re-parse. A diagnostic with a field the server never
// sets (data, a numeric code) is encoded the general way.
func (p publishDiagnosticsParams) MarshalJSON() ([]byte, error) {
	buf := make([]byte, 0, 256+len(p.Diagnostics)*320)
	buf = append(buf, `{"uri":`...)
	buf = jsonstr.AppendPlain(buf, string(p.URI))
	if p.Version != nil {
		buf = append(buf, `,"version":`...)
		buf = strconv.AppendInt(buf, int64(*p.Version), 10)
	}
	buf = append(buf, `,"diagnostics":[`...)
	for i, d := range p.Diagnostics {
		if i > 0 {
			buf = append(buf, ',')
		}
		var err error
		if buf, err = appendDiagnostic(buf, d); err != nil {
			return nil, err
		}
	}
	buf = append(buf, "]}"...)
	return buf, nil
}

func appendDiagnostic(buf []byte, d protocol.Diagnostic) ([]byte, error) {
	code, plain := d.Code.(string)
	if d.Code == nil {
		plain = true
	}
	if !plain || d.Data != nil {
		b, err := fastjson.Marshal(d)
		return append(buf, b...), err
	}
	buf = append(buf, `{"range":`...)
	buf = appendRange(buf, d.Range)
	if d.Severity != 0 {
		buf = append(buf, `,"severity":`...)
		buf = strconv.AppendFloat(buf, float64(d.Severity), 'g', -1, 64)
	}
	if d.Code != nil {
		buf = append(buf, `,"code":`...)
		buf = jsonstr.AppendPlain(buf, code)
	}
	if d.CodeDescription != nil {
		buf = append(buf, `,"codeDescription":{"href":`...)
		buf = jsonstr.AppendPlain(buf, string(d.CodeDescription.Href))
		buf = append(buf, '}')
	}
	if d.Source != "" {
		buf = append(buf, `,"source":`...)
		buf = jsonstr.AppendPlain(buf, d.Source)
	}
	buf = append(buf, `,"message":`...)
	buf = jsonstr.AppendPlain(buf, d.Message)
	if len(d.Tags) > 0 {
		buf = append(buf, `,"tags":[`...)
		for i, t := range d.Tags {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = strconv.AppendFloat(buf, float64(t), 'g', -1, 64)
		}
		buf = append(buf, ']')
	}
	if len(d.RelatedInformation) > 0 {
		buf = append(buf, `,"relatedInformation":[`...)
		for i, r := range d.RelatedInformation {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = append(buf, `{"location":{"uri":`...)
			buf = jsonstr.AppendPlain(buf, string(r.Location.URI))
			buf = append(buf, `,"range":`...)
			buf = appendRange(buf, r.Location.Range)
			buf = append(buf, `},"message":`...)
			buf = jsonstr.AppendPlain(buf, r.Message)
			buf = append(buf, '}')
		}
		buf = append(buf, ']')
	}
	return append(buf, '}'), nil
}

func appendRange(buf []byte, r protocol.Range) []byte {
	buf = append(buf, `{"start":`...)
	buf = appendPosition(buf, r.Start)
	buf = append(buf, `,"end":`...)
	buf = appendPosition(buf, r.End)
	return append(buf, '}')
}

func appendPosition(buf []byte, p protocol.Position) []byte {
	buf = append(buf, `{"line":`...)
	buf = strconv.AppendUint(buf, uint64(p.Line), 10)
	buf = append(buf, `,"character":`...)
	buf = strconv.AppendUint(buf, uint64(p.Character), 10)
	return append(buf, '}')
}
