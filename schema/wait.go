package schema

import "strings"

// FallbackSource is the Source of a wait setting that no schema declares: the
// carina-core defaults of 5 min / 5 s (or the provider file's wait_defaults).
const FallbackSource = "Carina default"

// Wait returns the effective wait timeout and poll interval for a wait on a
// resource or data source with the DSL head: the entry's own wait defaults
// where it has them, else its provider's fallbacks, else 300 s / 5 s. Each
// setting says where it comes from.
func (x *Index) Wait(head string) Wait {
	fb := WaitDefaults{TimeoutSecs: DefaultWaitTimeoutSecs, IntervalSecs: DefaultWaitIntervalSecs}
	var own Wait
	if x != nil {
		provider, _, _ := strings.Cut(head, ".")
		if info := x.providers[provider]; info != nil {
			if info.wait.TimeoutSecs > 0 {
				fb.TimeoutSecs = info.wait.TimeoutSecs
			}
			if info.wait.IntervalSecs > 0 {
				fb.IntervalSecs = info.wait.IntervalSecs
			}
		}
		if r := x.Resource(head); r != nil {
			own = r.Wait
		} else if r := x.DataSource(head); r != nil {
			own = r.Wait
		}
	}
	if own.Timeout.Secs == 0 {
		own.Timeout = WaitSetting{Secs: fb.TimeoutSecs, Source: FallbackSource}
	}
	if own.Interval.Secs == 0 {
		own.Interval = WaitSetting{Secs: fb.IntervalSecs, Source: FallbackSource}
	}
	return own
}

// WaitDefaults is Wait in plain numbers: the effective timeout and interval
// in seconds and one line saying where they come from (the common source, or
// "timeout: …; interval: …" when they differ).
func (x *Index) WaitDefaults(head string) (timeout, interval uint64, source string) {
	w := x.Wait(head)
	source = w.Timeout.Source
	if w.Interval.Source != w.Timeout.Source {
		source = "timeout: " + w.Timeout.Source + "; interval: " + w.Interval.Source
	}
	return w.Timeout.Secs, w.Interval.Secs, source
}
