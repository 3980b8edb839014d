//! `arcade __wasi [--seed N] [--limit-ms N] [--game ID] FILE ARGS…` (hidden; what a `wasm:`
//! seat's command runs): a WebAssembly program for WASI preview 1 run natively by wasmi,
//! through our own WASI layer ([`crate::wasi_calls`]), with its own stdin, stdout and stderr.
//! It runs as a subprocess so that the CLI's `exe:` machinery — keeper, time limit by kill,
//! bounded output — runs it unchanged. The module is checked before it runs
//! ([`crate::wasi_module`]); its memory stays within the 1 GiB cap (StoreLimits: `memory.grow`
//! past it returns -1).
//!
//! Exit code: the program's `proc_exit` code (255 for a larger one), 0 when `_start` returns;
//! 126 when the module is refused, 134 when it traps — each with its message on stderr.
#![cfg_attr(target_arch = "wasm32", allow(dead_code, unused_imports))]

#[cfg(not(target_arch = "wasm32"))]
use crate::wasi_calls::Host;
use crate::wasi_module::{read, MAX_MEMORY_PAGES};
use rails::inputs::excerpt;
#[cfg(not(target_arch = "wasm32"))]
use wasmi::{Config, Engine, Module, Store, StoreLimitsBuilder, TrapCode};

/// The subcommand's name.
pub const WASI: &str = "__wasi";
/// Calls deep a program may go (the value stack grows with them up to [`MAX_STACK_BYTES`]).
#[cfg(not(target_arch = "wasm32"))]
const MAX_CALL_DEPTH: usize = 50_000;
#[cfg(not(target_arch = "wasm32"))]
const MAX_STACK_BYTES: usize = 64 << 20;
/// The most table elements (the browser's own bound).
#[cfg(not(target_arch = "wasm32"))]
const MAX_TABLE_ELEMENTS: usize = 10_000_000;

const REFUSED: i32 = 126;
const CRASHED: i32 = 134;

#[derive(clap::Args, Debug)]
pub struct WasiArgs {
    /// ARCADE_SEED, and the seed of random_get
    #[arg(long, value_name = "N", default_value_t = 0)]
    seed: u64,
    /// ARCADE_TIME_LIMIT_MS (the limit itself is kept by whoever runs this)
    #[arg(long = "limit-ms", value_name = "N", default_value_t = 0)]
    limit_ms: u64,
    /// ARCADE_GAME
    #[arg(long, value_name = "ID", default_value = "")]
    game: String,
    /// The module (.wasm)
    #[arg(value_name = "FILE")]
    file: String,
    /// The program's arguments (argv after the file's name)
    #[arg(value_name = "ARGS", trailing_var_arg = true, allow_hyphen_values = true)]
    args: Vec<String>,
}

/// Why a program did not run to its end.
enum Stop {
    /// The module was refused before it ran (the message names the file).
    Refused(String),
    /// It trapped (or a host call could not be served).
    Crashed(String),
}

/// Runs the program and exits as it did.
pub fn main(args: &WasiArgs) -> ! {
    let code = match run(args) {
        Ok(code) => code,
        Err(Stop::Refused(why)) => {
            eprintln!("{why}");
            REFUSED
        }
        Err(Stop::Crashed(why)) => {
            eprintln!("the program crashed: {why}");
            CRASHED
        }
    };
    std::process::exit(code)
}

/// The CLI is native; a build for wasm32 (`cargo test --target wasm32-unknown-unknown` compiles
/// it) has no interpreter.
#[cfg(target_arch = "wasm32")]
fn run(args: &WasiArgs) -> Result<i32, Stop> {
    read(&args.file, &args.file).map_err(Stop::Refused)?;
    Err(Stop::Refused("programs run only in the native arcade".into()))
}

#[cfg(not(target_arch = "wasm32"))]
fn run(args: &WasiArgs) -> Result<i32, Stop> {
    // The file's name without its folder, as the page knows it: argv[0], and in every refusal.
    let name = std::path::Path::new(&args.file)
        .file_name()
        .map_or(args.file.clone(), |n| n.to_string_lossy().into_owned());
    let bytes = read(&args.file, &name).map_err(Stop::Refused)?;
    let mut config = Config::default();
    config
        .set_max_recursion_depth(MAX_CALL_DEPTH)
        .set_max_stack_height(MAX_STACK_BYTES)
        .wasm_multi_memory(false);
    let engine = Engine::new(&config);
    let module = Module::new(&engine, &bytes).map_err(|e| {
        Stop::Refused(format!(
            "{name} is not a valid WebAssembly module: {}",
            excerpt(&e.to_string())
        ))
    })?;
    crate::wasi_module::check(&module, &name).map_err(Stop::Refused)?;
    let limits = StoreLimitsBuilder::new()
        .memory_size((MAX_MEMORY_PAGES << 16) as usize)
        .table_elements(MAX_TABLE_ELEMENTS)
        .build();
    let argv = std::iter::once(name.clone()).chain(args.args.iter().cloned()).collect();
    let env = vec![
        format!("ARCADE_GAME={}", args.game),
        format!("ARCADE_TIME_LIMIT_MS={}", args.limit_ms),
        format!("ARCADE_SEED={}", args.seed),
    ];
    let mut store = Store::new(&engine, Host::new(limits, argv, env, args.seed));
    store.limiter(|host| &mut host.limits);
    let linker = crate::wasi_calls::linker(&engine)
        .map_err(|e| Stop::Crashed(format!("the WASI layer could not be set up: {e}")))?;
    let instance =
        linker.instantiate_and_start(&mut store, &module).map_err(|e| match e.as_trap_code() {
            Some(_) => Stop::Crashed(trap_words(&e)),
            None => Stop::Refused(format!("{name} cannot be set up: {}", excerpt(&e.to_string()))),
        })?;
    let start = instance
        .get_typed_func::<(), ()>(&store, "_start")
        .map_err(|e| Stop::Refused(format!("{name}: its _start cannot be called: {e}")))?;
    match start.call(&mut store, ()) {
        Ok(()) => Ok(0),
        Err(e) => match e.i32_exit_status() {
            Some(code) => Ok((code as u32).min(255) as i32),
            None => Err(Stop::Crashed(trap_words(&e))),
        },
    }
}

/// A trap in the words of the page's engine (V8), so both say the same.
#[cfg(not(target_arch = "wasm32"))]
fn trap_words(e: &wasmi::Error) -> String {
    let Some(code) = e.as_trap_code() else { return excerpt(&e.to_string()).into_owned() };
    match code {
        TrapCode::UnreachableCodeReached => "unreachable executed",
        TrapCode::MemoryOutOfBounds => "memory access out of bounds",
        TrapCode::TableOutOfBounds => "table index is out of bounds",
        TrapCode::IndirectCallToNull | TrapCode::BadSignature => {
            "null function or function signature mismatch"
        }
        TrapCode::IntegerDivisionByZero => "divide by zero",
        // V8 says "divide result unrepresentable" or "float unrepresentable in integer range":
        // wasmi's trap does not tell which.
        TrapCode::IntegerOverflow => "integer overflow",
        TrapCode::BadConversionToInteger => "float unrepresentable in integer range",
        TrapCode::StackOverflow => "call stack exhausted",
        other => other.trap_message(),
    }
    .to_string()
}
