package cfn

import (
	"errors"
	"testing"
)

// FuzzRead: any bytes give a template or an *Error with a place inside the text, never a panic.
func FuzzRead(f *testing.F) {
	f.Add([]byte("Resources:\n  A:\n    Type: AWS::S3::Bucket\n    Properties:\n      X: !GetAtt B.Arn\n"))
	f.Add([]byte(`{"Resources": {"A": {"Type": "AWS::S3::Bucket", "Properties": {"X": {"Fn::Sub": "${B}"}}}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		tmpl, err := Read(data)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("an error without a place: %v", err)
			}
			if e.At.Line < 1 || e.At.Col < 1 {
				t.Fatalf("an error at %v: %v", e.At, err)
			}
			return
		}
		if tmpl == nil {
			t.Fatal("no template and no error")
		}
	})
}
