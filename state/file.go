package state

// Current is the newest state format Carina writes and this package reads (carina-state's
// StateFile::CURRENT_VERSION); older ones are migrated as Carina migrates them, newer refused.
const Current = 10

// DefaultFile is the local backend's file when no path is written, beside the configuration.
const DefaultFile = "carina.state.json"

// File is a state file, migrated to the current format.
type File struct {
	Path          string // where it was read, for messages
	Version       int    // as on disk; Migrated when older than Current
	Serial        uint64
	Lineage       string
	CarinaVersion string
	Resources     []*Resource
	Exports       Value // an Object (empty when the file has none)
}

// Migrated reports whether the file is of an older format, read as Carina reads it after the
// in-memory migration (Carina rewrites the file on its next apply).
func (f *File) Migrated() bool { return f.Version < Current }

// Find returns the resource of a provider, type and identity, or nil.
func (f *File) Find(provider, typ, identity string) *Resource {
	for _, r := range f.Resources {
		if r.Provider == provider && r.Type == typ && r.Identity == identity {
			return r
		}
	}
	return nil
}

// Resource is one managed resource's row: its current instance (when Identifier is set) and
// the deposed generations still awaiting their delete.
type Resource struct {
	Provider      string
	Type          string // without the provider: `ec2.Vpc`
	Identity      string // the binding, an anonymous resource's generated name, or an instance path
	Identifier    string // the provider's id of the current instance
	HasIdentifier bool   // false: the current instance is gone, deposed ones remain
	Attributes    Value  // an Object, as applied
	Deposed       []Deposed
	Protected     bool
	Directives    Directives
	Prefixes      map[string]string
	NameOverrides map[string]NameOverride
	Explicit      Explicit // what the user wrote, as recorded at apply
	Binding       string
	DependsOn     []string // dependency_bindings: the bindings its value read, sorted
	WriteOnly     []string // attributes stored from the configuration, never read back
	Off           int64    // where the row starts in the file
}

// Deposed is an instance a create-before-destroy replacement left to delete.
type Deposed struct {
	Key              string
	Identifier       string
	ProviderInstance string
	Attributes       Value
	DependsOn        []string
}

// Directives are a resource's instructions to Carina, as recorded.
type Directives struct {
	ForceDelete         bool
	CreateBeforeDestroy bool
	PreventDestroy      bool
	DependsOn           []string
	ProviderInstance    string
}

// NameOverride is a temporary name a create-before-destroy replacement gave an attribute.
type NameOverride struct {
	Temp     string
	Original string
	Legacy   bool // from a v7 file or older: no original recorded
}

// ExplicitKind is the shape of an Explicit record.
type ExplicitKind uint8

// The shapes of what the user wrote (carina-core's ExplicitFields).
const (
	Leaf ExplicitKind = iota
	Struct
	List
	ListElements
	Unrecorded
)

// Explicit records which fields the user wrote in the configuration at the last apply: the plan
// compares only those, so provider defaults never show as changes.
type Explicit struct {
	Kind     ExplicitKind
	Children map[string]*Explicit // Struct's
	Element  *Explicit            // List's
	Elements []*Explicit          // ListElements', by the stored list's index
}

// Shown returns the attribute's stored value fit for display: ok is false for a write-only
// attribute (its value came from the configuration, and Carina never shows it); a stored secret
// inside still prints as "(secret)" through Value.Display.
func (r *Resource) Shown(name string) (Value, bool) {
	for _, w := range r.WriteOnly {
		if w == name {
			return Value{}, false
		}
	}
	return r.Attributes.Get(name)
}
