//! What a module must be before it runs (docs/PROGRAMS.md), refused otherwise in the page's
//! words (`www/program-file.js`), each naming the file: at most 16 MiB; a WebAssembly module
//! (not a component, not another file); valid; importing only preview 1's functions, with their
//! types, and no memory; its memory within the 1 GiB cap and exported as "memory"; a `_start`
//! of type () -> ().
#![cfg_attr(target_arch = "wasm32", allow(dead_code, unused_imports))]

use rails::inputs::excerpt;
#[cfg(not(target_arch = "wasm32"))]
use wasmi::{ExternType, FuncType, Module, ValType};

/// The largest module file run.
pub const MAX_MODULE_BYTES: u64 = 16 << 20;
/// The memory cap, in 64 KiB pages (1 GiB).
pub const MAX_MEMORY_PAGES: u64 = 16_384;

/// The bytes of the file at `path` (named `name`) if they may be a module: its size, then the
/// magic number and version read before the rest.
pub fn read(path: &str, name: &str) -> Result<Vec<u8>, String> {
    let size = std::fs::metadata(path).map_err(|e| format!("{path} cannot be read: {e}"))?.len();
    if size > MAX_MODULE_BYTES {
        return Err(format!(
            "{name} has {} bytes; a program may have at most {} MiB ({} bytes)",
            thousands(size),
            MAX_MODULE_BYTES >> 20,
            thousands(MAX_MODULE_BYTES)
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| format!("{path} cannot be read: {e}"))?;
    let head = &bytes[..bytes.len().min(8)];
    if head == b"\0asm\x0d\0\x01\0" {
        return Err(format!("{name} is a WebAssembly component (WASI preview 2); the arcade runs preview 1 modules (wasm32-wasip1)"));
    }
    if head != b"\0asm\x01\0\0\0" {
        let shown = if head.is_empty() {
            "it is empty".to_string()
        } else {
            format!("it starts with {}", shown(head))
        };
        return Err(format!("{name} is not a WebAssembly module ({shown})"));
    }
    Ok(bytes)
}

/// Refuses what the arcade cannot run, in the order the page finds it: the imports, the
/// memory's size, `_start`, the memory's export.
#[cfg(not(target_arch = "wasm32"))]
pub fn check(module: &Module, name: &str) -> Result<(), String> {
    use crate::wasi_calls::{signature as wasi_type, MODULE};
    for import in module.imports() {
        let quoted = quoted(import.module(), import.name());
        let given = match import.ty() {
            ExternType::Memory(_) => {
                return Err(format!(
                    "{name} imports its memory ({quoted}); a program must define its own"
                ))
            }
            ExternType::Func(declared) if import.module() == MODULE => {
                wasi_type(import.name()).map(|given| (declared.clone(), given))
            }
            _ => None,
        };
        match given {
            None => {
                return Err(format!(
                    "{name} imports {quoted}, which the arcade does not give (only {MODULE})"
                ))
            }
            Some((declared, given)) if declared != given => {
                return Err(format!(
                    "{name} imports {quoted} as {}; WASI preview 1 gives {}",
                    signature(&declared),
                    signature(&given)
                ));
            }
            Some(_) => {}
        }
    }
    let memory = match module.get_export("memory") {
        Some(ExternType::Memory(ty)) => Some(ty.minimum()),
        _ => None,
    };
    if let Some(pages) = memory.filter(|&p| p > MAX_MEMORY_PAGES) {
        return Err(format!(
            "{name} asks for at least {} MiB of memory; the limit is {} MiB",
            pages as f64 / 16.0,
            MAX_MEMORY_PAGES / 16
        ));
    }
    match module.get_export("_start") {
        Some(ExternType::Func(ty)) if ty.params().is_empty() && ty.results().is_empty() => {}
        Some(ExternType::Func(ty)) => {
            return Err(format!(
                "{name} exports _start as {}; a WASI command's _start is () -> ()",
                signature(&ty)
            ))
        }
        _ => {
            return Err(format!(
                "{name} does not export a function _start (a WASI command's entry point)"
            ))
        }
    }
    if memory.is_none() {
        return Err(format!("{name} does not export its memory as \"memory\""));
    }
    Ok(())
}

/// `(i32, i64) -> (i32)`.
#[cfg(not(target_arch = "wasm32"))]
fn signature(ty: &FuncType) -> String {
    let names = |types: &[ValType]| {
        let words: Vec<&str> = types
            .iter()
            .map(|t| match t {
                ValType::I32 => "i32",
                ValType::I64 => "i64",
                ValType::F32 => "f32",
                ValType::F64 => "f64",
                ValType::V128 => "v128",
                ValType::FuncRef => "funcref",
                ValType::ExternRef => "externref",
            })
            .collect();
        words.join(", ")
    };
    format!("({}) -> ({})", names(ty.params()), names(ty.results()))
}

/// `"module"."name"`, each as a JSON string (bounded).
fn quoted(module: &str, name: &str) -> String {
    let json = |s: &str| serde_json::to_string(&excerpt(s)).unwrap_or_default();
    format!("{}.{}", json(module), json(name))
}

/// A file's first bytes: as text when they are printable ASCII, else in hex.
fn shown(head: &[u8]) -> String {
    if head.iter().all(|b| (0x20..=0x7e).contains(b)) {
        serde_json::to_string(&String::from_utf8_lossy(head)).unwrap_or_default()
    } else {
        head.iter().map(|b| format!("{b:02x}")).collect::<Vec<_>>().join(" ")
    }
}

/// 16777217 → "16,777,217".
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn numbers_and_first_bytes_are_shown_as_the_page_shows_them() {
        assert_eq!(super::thousands(16_777_217), "16,777,217");
        assert_eq!(super::thousands(999), "999");
        assert_eq!(super::shown(b"This is "), "\"This is \"");
        assert_eq!(super::shown(b"\x7fELF\x02"), "7f 45 4c 46 02");
    }
}
