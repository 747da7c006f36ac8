package testutil

// HostileGraph returns a configuration (slash paths to texts) that check passes although the
// labels of its dependency graph hold control characters: an upstream_state whose source is
// './a\x01b' (a directory that exists, whose export is read), a wait whose until compares with
// 'x\x02\x00y' (a NUL among them), and a file named "b\x01.crn" holding an anonymous resource,
// whose node's id names the file. The graph command's SVG was not well-formed XML and its DOT
// was rejected by Graphviz for these (issue #26); cmd/carina-lsp tests the command on it and lsp
// the carina/graph request.
func HostileGraph() map[string]string {
	return map[string]string{
		"main.crn": "provider aws {\n  region = aws.Region.ap_northeast_1\n}\n\n" +
			"let orgs = upstream_state {\n  source = './a\x01b'\n}\n\n" +
			"let logs = aws.s3.Bucket {\n  bucket = orgs.bucket_name\n}\n\n" +
			"let logs_ready = wait logs {\n  until = logs.bucket == 'x\x02\x00y'\n}\n\n" +
			"let reader = aws.s3.Bucket {\n  bucket = logs_ready.bucket\n}\n",
		"b\x01.crn":       "aws.s3.Bucket {\n  bucket = reader.bucket\n}\n",
		"a\x01b/main.crn": "backend local { path = \"carina.state.json\" }\n\nexports {\n  bucket_name: String = \"logs\"\n}\n",
	}
}

// The texts of HostileGraph as its graph holds them.
const (
	HostileUpstreamSource = "./a\x01b"
	HostileUntil          = "logs.bucket == 'x\x02\x00y'"
	HostileAnonymousID    = "aws.s3.Bucket@b\x01.crn:1"
)
