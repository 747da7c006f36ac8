package plan

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/carina-rs/carina-lsp/state"
)

// ComputeDestroy plans what `carina destroy --refresh=false` does (carina-cli commands/destroy):
// every instance the state file records as running is deleted, the configuration's resources
// and the rows no resource claims alike, and every deposed generation. A resource with
// prevent_destroy, in the configuration or in its row, is not deleted: it is in Guarded, and an
// error refuses the plan, as Carina refuses the destroy without --force. A configuration's
// resource is named, ordered and nested as the configuration writes it (its binding, what its
// values read, its depends_on), a row no resource claims as the state stores it. It stops early,
// returning ctx's error, when ctx is done.
func ComputeDestroy(ctx context.Context, in Input) (*Plan, error) {
	// The plan of the configuration says which row each resource claims, as Carina's destroy
	// reconciles the configuration with the state before it reads them.
	full, err := Compute(ctx, in)
	if err != nil {
		return nil, err
	}
	out := &Plan{Destroy: true, Unsupported: full.Unsupported}
	if in.State == nil {
		return out, nil
	}
	claimant := map[*state.Resource]*Resource{}
	for _, r := range full.Resources {
		if r.State != nil && r.Deposed == nil && r.Stmt != nil && (r.Op == NoChange || r.Op == Update || r.Op == Replace) {
			claimant[r.State] = r
		}
	}
	var current, deposed []*Resource
	for _, row := range in.State.Resources {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if row.HasIdentifier {
			d := &Resource{Op: Delete, Provider: row.Provider, Type: row.Type, Identity: row.Identity, State: row, diffed: true}
			if r := claimant[row]; r != nil {
				d.Binding, d.File, d.Stmt = r.Binding, r.File, r.Stmt
				d.Directives = r.Directives
				d.DependsOn = union(r.DependsOn, r.Directives.dependsOn)
			} else {
				d.Binding = row.Binding
				d.Directives = Directives{PreventDestroy: row.Directives.PreventDestroy, CreateBeforeDestroy: row.Directives.CreateBeforeDestroy}
				d.DependsOn = union(row.DependsOn, row.Directives.DependsOn)
			}
			if d.Directives.PreventDestroy {
				out.Guarded = append(out.Guarded, d)
			} else {
				current = append(current, d)
			}
		}
		// A deposed generation is deleted whatever guards the current instance: a replacement
		// already approved deleting it.
		for i := range row.Deposed {
			dp := &row.Deposed[i]
			deposed = append(deposed, &Resource{Op: Delete, Provider: row.Provider, Type: row.Type, Identity: row.Identity,
				Binding: row.Binding, State: row, Deposed: dp, DependsOn: dp.DependsOn, diffed: true})
		}
	}
	// Carina orders the deletes by binding, else identity, before it nests them.
	slices.SortStableFunc(current, func(a, b *Resource) int { return cmp.Compare(destroyKey(a), destroyKey(b)) })
	out.Resources = append(current, deposed...)
	if n := len(out.Guarded); n > 0 {
		out.Errors = append(out.Errors, Problem{Message: fmt.Sprintf("%d resource(s) have prevent_destroy set. Use --force to override.", n)})
	}
	return out, nil
}

// destroyKey is what Carina's destroy sorts a delete by.
func destroyKey(r *Resource) string {
	if r.Binding != "" {
		return r.Binding
	}
	return r.Identity
}

// union returns a's names, then b's not in a.
func union(a, b []string) []string {
	out := slices.Clone(a)
	for _, s := range b {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}
