//! A small Scheme for game strategies (e.g. CodeAbbey 231 Pig players).
//!
//! Source is parsed (with line:column on every datum), compiled in two passes — special
//! forms expanded and variables resolved to frame slots / closure captures / globals, then
//! flat code per lambda — and run by a machine with an explicit stack: deep recursion is
//! limited by a frame count (never the Rust stack), tail calls run in constant space, and
//! every instruction uses one step of a budget, so every program stops deterministically.

mod builtins;
mod code;
mod codegen;
mod compile;
mod error;
mod forms;
mod ir;
mod lexer;
mod lists;
mod machine;
mod native;
mod numeric;
mod parser;
mod printer;
mod value;

pub use error::{ErrorKind, Pos, SchemeError};
pub use machine::DEFAULT_MAX_DEPTH;
pub use parser::MAX_NESTING;
pub use value::Closure;
pub use value::{Pair, Value};

use codegen::Gen;
use compile::Compiler;
use ir::Globals;
use machine::Machine;
use native::Ctx;
use rand_core::RngCore;
use std::rc::Rc;

/// Definitions every program starts with (written in Scheme; errors inside them are
/// reported at the user's call).
const PRELUDE: &str = r#"
(define (map f l . ls)
  (if (null? ls)
      (let loop ((l l) (acc '()))
        (if (pair? l)
            (loop (cdr l) (cons (f (car l)) acc))
            (if (null? l) (reverse acc) (%list-error 'map l))))
      (let loop ((ls (cons l ls)) (acc '()))
        (let ((cars (%cars ls)))
          (if cars
              (loop (%cdrs ls) (cons (apply f cars) acc))
              (reverse acc))))))
(define (for-each f l . ls)
  (if (null? ls)
      (let loop ((l l))
        (if (pair? l)
            (begin (f (car l)) (loop (cdr l)))
            (if (null? l) (void) (%list-error 'for-each l))))
      (let loop ((ls (cons l ls)))
        (let ((cars (%cars ls)))
          (if cars (begin (apply f cars) (loop (%cdrs ls))) (void))))))
(define (filter keep? l)
  (let loop ((l l) (acc '()))
    (cond ((pair? l) (loop (cdr l) (if (keep? (car l)) (cons (car l) acc) acc)))
          ((null? l) (reverse acc))
          (else (%list-error 'filter l)))))
(define (fold-left f acc l)
  (let loop ((acc acc) (l l))
    (cond ((pair? l) (loop (f acc (car l)) (cdr l)))
          ((null? l) acc)
          (else (%list-error 'fold-left l)))))
(define (fold-right f acc l)
  (let loop ((l (reverse l)) (acc acc))
    (if (pair? l) (loop (cdr l) (f (car l) acc)) acc)))
(define (fold f acc l)
  (let loop ((acc acc) (l l))
    (cond ((pair? l) (loop (f (car l) acc) (cdr l)))
          ((null? l) acc)
          (else (%list-error 'fold l)))))
(define (reduce f initial l)
  (if (null? l)
      initial
      (let loop ((acc (car l)) (l (cdr l)))
        (if (pair? l) (loop (f (car l) acc) (cdr l)) acc))))
"#;

/// Steps the prelude's own definitions may use when a program is loaded (not counted).
const PRELUDE_STEPS: u64 = 100_000;

/// A loaded program: the global environment after evaluating the top-level forms.
pub struct Program {
    globals: Globals,
    machine: Machine,
    output: String,
    last_steps: u64,
}

/// Compiles top-level forms into a procedure of no arguments that runs them.
fn compile_program(
    globals: &mut Globals,
    source: &str,
    prelude: bool,
) -> Result<Value, SchemeError> {
    let forms = parser::parse(source)?;
    let mut c = Compiler::new(globals, prelude);
    c.program(&forms)?;
    let Compiler { vars, lambdas, .. } = c;
    let mut gen = Gen { vars: &vars, lambdas: &lambdas, g: globals, prelude, slot: Vec::new() };
    let main = gen.program()?;
    Ok(Value::Closure(Rc::new(Closure { lambda: main, captures: Box::new([]) })))
}

impl Program {
    /// Parses the whole source and evaluates its top-level forms (definitions, and any
    /// expressions) with at most `budget` steps.
    pub fn load(source: &str, budget: u64, rng: &mut dyn RngCore) -> Result<Program, SchemeError> {
        let mut globals = Globals::new();
        let prelude = compile_program(&mut globals, PRELUDE, true)?;
        let main = compile_program(&mut globals, source, false)?;
        let mut program =
            Program { globals, machine: Machine::new(), output: String::new(), last_steps: 0 };
        program.run(prelude, &[], PRELUDE_STEPS, rng)?;
        program.run(main, &[], budget, rng)?;
        Ok(program)
    }

    /// Calls the global procedure `name` with `args`, using at most `budget` steps.
    /// Pairs among `args` keep their identity: mutations are visible to the caller.
    pub fn call(
        &mut self,
        name: &str,
        args: &[Value],
        budget: u64,
        rng: &mut dyn RngCore,
    ) -> Result<Value, SchemeError> {
        let f = self
            .global(name)
            .ok_or_else(|| SchemeError::runtime(format!("unbound variable: {name}")))?;
        if !f.is_procedure() {
            return Err(SchemeError::runtime(format!(
                "{name} is not a procedure: {}",
                printer::short(&f)
            )));
        }
        self.run(f, args, budget, rng)
    }

    /// Calls a procedure value (e.g. one returned by an earlier call).
    pub fn apply(
        &mut self,
        f: &Value,
        args: &[Value],
        budget: u64,
        rng: &mut dyn RngCore,
    ) -> Result<Value, SchemeError> {
        self.run(f.clone(), args, budget, rng)
    }

    fn run(
        &mut self,
        f: Value,
        args: &[Value],
        budget: u64,
        rng: &mut dyn RngCore,
    ) -> Result<Value, SchemeError> {
        let mut ctx = Ctx { rng, out: &mut self.output, remaining: budget, budget };
        let result = self.machine.call(&mut self.globals, &mut ctx, f, args);
        self.last_steps = budget - ctx.remaining;
        result
    }

    /// The value of a global variable, if it is defined.
    pub fn global(&self, name: &str) -> Option<Value> {
        let v = self.globals.values.get(self.globals.get(name)? as usize)?;
        (!matches!(v, Value::Undefined)).then(|| v.clone())
    }

    /// Text printed with `display`/`write`/`newline` since the last call of this method.
    pub fn take_output(&mut self) -> String {
        std::mem::take(&mut self.output)
    }

    /// Steps used by the last `load`/`call`.
    pub fn last_steps(&self) -> u64 {
        self.last_steps
    }

    /// Limit on nested non-tail calls (default [`DEFAULT_MAX_DEPTH`]); deeper recursion is an
    /// [`ErrorKind::Depth`] error.
    pub fn set_max_depth(&mut self, frames: usize) {
        self.machine.max_depth = frames;
    }

    pub fn max_depth(&self) -> usize {
        self.machine.max_depth
    }
}

impl std::fmt::Debug for Program {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Program")
            .field("globals", &self.globals.names.len())
            .finish_non_exhaustive()
    }
}
