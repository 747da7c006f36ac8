//! Zed's side of carina-lsp: starts `carina-lsp` from the worktree's PATH (or the
//! `lsp.carina-lsp.binary` settings) for Carina files.

use zed_extension_api::{self as zed, settings::LspSettings, LanguageServerId, Result};

struct CarinaExtension;

impl zed::Extension for CarinaExtension {
    fn new() -> Self {
        CarinaExtension
    }

    fn language_server_command(
        &mut self,
        language_server_id: &LanguageServerId,
        worktree: &zed::Worktree,
    ) -> Result<zed::Command> {
        let binary = LspSettings::for_worktree(language_server_id.as_ref(), worktree)
            .ok()
            .and_then(|s| s.binary);
        let args = binary.as_ref().and_then(|b| b.arguments.clone()).unwrap_or_default();
        let command = match binary.and_then(|b| b.path) {
            Some(path) => path,
            None => worktree.which("carina-lsp").ok_or_else(|| {
                "carina-lsp is not on PATH: go install github.com/carina-rs/carina-lsp/cmd/carina-lsp@latest, or set lsp.carina-lsp.binary.path".to_string()
            })?,
        };
        Ok(zed::Command {
            command,
            args,
            env: Default::default(),
        })
    }
}

zed::register_extension!(CarinaExtension);
