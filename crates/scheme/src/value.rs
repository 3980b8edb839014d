//! Runtime values. Pairs are shared and mutable (`Rc<Pair>` with `RefCell` fields), so a list
//! passed into [`super::Program::call`] keeps its identity and `set-car!` is visible outside.
//! Procedures are values too, and hold values: compiled lambdas (their constants) and closures
//! (their captures), and builtins (`PrimDef`), all here. Printing is in `printer.rs`.

use super::code::{CapSrc, Op};
use super::error::{Pos, Result};
use super::native::Ctx;
use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;

/// A Scheme value; cloning is cheap (at most a reference-count increment).
#[derive(Clone, Default)]
pub enum Value {
    /// The empty list `()`.
    #[default]
    Nil,
    Bool(bool),
    /// Exact integer.
    Int(i64),
    /// Inexact real.
    Real(f64),
    Char(char),
    Str(Rc<str>),
    Sym(Rc<str>),
    Pair(Rc<Pair>),
    Closure(Rc<Closure>),
    /// A builtin procedure.
    Prim(&'static PrimDef),
    /// The unspecified value (result of `set!`, `display`, one-armed `if`, ...).
    Void,
    /// Internal: a variable that has not been assigned yet.
    #[doc(hidden)]
    Undefined,
    /// Internal: a mutable variable shared between closures.
    #[doc(hidden)]
    Box(Rc<VarBox>),
}

/// A mutable pair.
pub struct Pair {
    car: RefCell<Value>,
    cdr: RefCell<Value>,
}

/// A mutable cell holding a captured, assigned variable.
#[doc(hidden)]
pub struct VarBox(pub(crate) RefCell<Value>);

impl Pair {
    pub fn car(&self) -> Value {
        self.car.borrow().clone()
    }
    pub fn cdr(&self) -> Value {
        self.cdr.borrow().clone()
    }
    pub fn set_car(&self, v: Value) {
        let old = self.car.replace(v);
        drop(old);
    }
    pub fn set_cdr(&self, v: Value) {
        let old = self.cdr.replace(v);
        drop(old);
    }
}

impl Value {
    pub fn int(n: i64) -> Value {
        Value::Int(n)
    }
    pub fn bool(b: bool) -> Value {
        Value::Bool(b)
    }
    pub fn real(x: f64) -> Value {
        Value::Real(x)
    }
    pub fn string(s: &str) -> Value {
        Value::Str(Rc::from(s))
    }
    pub fn symbol(s: &str) -> Value {
        Value::Sym(Rc::from(s))
    }
    pub fn nil() -> Value {
        Value::Nil
    }
    pub fn cons(car: Value, cdr: Value) -> Value {
        Value::Pair(Rc::new(Pair { car: RefCell::new(car), cdr: RefCell::new(cdr) }))
    }
    /// A fresh (mutable) proper list.
    pub fn list(items: Vec<Value>) -> Value {
        Value::list_with_tail(items, Value::Nil)
    }
    pub fn list_with_tail(items: Vec<Value>, tail: Value) -> Value {
        items.into_iter().rev().fold(tail, |acc, v| Value::cons(v, acc))
    }
    /// Scheme truthiness: everything except `#f` is true.
    pub fn is_true(&self) -> bool {
        !matches!(self, Value::Bool(false))
    }
    /// `Some` only for `#t` / `#f`.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Value::Int(n) => Some(*n),
            _ => None,
        }
    }
    /// Any number as `f64`.
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Value::Int(n) => Some(*n as f64),
            Value::Real(x) => Some(*x),
            _ => None,
        }
    }
    pub fn as_pair(&self) -> Option<&Pair> {
        match self {
            Value::Pair(p) => Some(p),
            _ => None,
        }
    }
    pub fn car(&self) -> Option<Value> {
        self.as_pair().map(Pair::car)
    }
    pub fn cdr(&self) -> Option<Value> {
        self.as_pair().map(Pair::cdr)
    }
    pub fn is_null(&self) -> bool {
        matches!(self, Value::Nil)
    }
    pub fn is_pair(&self) -> bool {
        matches!(self, Value::Pair(_))
    }
    pub fn is_number(&self) -> bool {
        matches!(self, Value::Int(_) | Value::Real(_))
    }
    pub fn is_procedure(&self) -> bool {
        matches!(self, Value::Closure(_) | Value::Prim(_))
    }
    /// The elements of a proper list (`None` for improper or circular lists, or very long ones).
    pub fn to_vec(&self) -> Option<Vec<Value>> {
        let mut out = Vec::new();
        let mut cur = self.clone();
        loop {
            match cur {
                Value::Nil => return Some(out),
                Value::Pair(p) => {
                    if out.len() >= 10_000_000 {
                        return None;
                    }
                    out.push(p.car());
                    cur = p.cdr();
                }
                _ => return None,
            }
        }
    }
}

/// `eqv?`: same number (and exactness), character, boolean, symbol, or the same object.
pub fn eqv(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Nil, Value::Nil)
        | (Value::Void, Value::Void)
        | (Value::Undefined, Value::Undefined) => true,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Int(x), Value::Int(y)) => x == y,
        (Value::Real(x), Value::Real(y)) => x.to_bits() == y.to_bits(),
        (Value::Char(x), Value::Char(y)) => x == y,
        (Value::Sym(x), Value::Sym(y)) => Rc::ptr_eq(x, y) || x == y,
        (Value::Str(x), Value::Str(y)) => Rc::ptr_eq(x, y),
        (Value::Pair(x), Value::Pair(y)) => Rc::ptr_eq(x, y),
        (Value::Closure(x), Value::Closure(y)) => Rc::ptr_eq(x, y),
        (Value::Prim(x), Value::Prim(y)) => std::ptr::eq(*x, *y),
        (Value::Box(x), Value::Box(y)) => Rc::ptr_eq(x, y),
        _ => false,
    }
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_write_string())
    }
}

// ---- Dropping without recursion: long lists and deep closure chains must not overflow the
// Rust stack when freed. A node that is about to die hands its children to a work list.

fn unique(v: &Value) -> bool {
    match v {
        Value::Pair(r) => Rc::strong_count(r) == 1,
        Value::Closure(r) => Rc::strong_count(r) == 1,
        Value::Box(r) => Rc::strong_count(r) == 1,
        _ => false,
    }
}

fn push_unique(v: Value, work: &mut Vec<Value>) {
    if unique(&v) {
        work.push(v);
    }
}

/// Empties a uniquely owned node into `work`; the node itself is then freed shallowly.
fn detach(v: Value, work: &mut Vec<Value>) {
    match v {
        Value::Pair(mut r) => {
            if let Some(p) = Rc::get_mut(&mut r) {
                push_unique(std::mem::take(p.car.get_mut()), work);
                push_unique(std::mem::take(p.cdr.get_mut()), work);
            }
        }
        Value::Closure(mut r) => {
            if let Some(c) = Rc::get_mut(&mut r) {
                for v in std::mem::take(&mut c.captures).into_vec() {
                    push_unique(v, work);
                }
            }
        }
        Value::Box(mut r) => {
            if let Some(b) = Rc::get_mut(&mut r) {
                push_unique(std::mem::take(b.0.get_mut()), work);
            }
        }
        _ => {}
    }
}

fn drop_all(mut work: Vec<Value>) {
    while let Some(v) = work.pop() {
        detach(v, &mut work);
    }
}

impl Drop for Pair {
    fn drop(&mut self) {
        let a = std::mem::take(self.car.get_mut());
        let d = std::mem::take(self.cdr.get_mut());
        if unique(&a) || unique(&d) {
            let mut work = Vec::new();
            push_unique(a, &mut work);
            push_unique(d, &mut work);
            drop_all(work);
        }
    }
}

impl Drop for Closure {
    fn drop(&mut self) {
        if self.captures.iter().any(unique) {
            let mut work = Vec::new();
            for v in std::mem::take(&mut self.captures).into_vec() {
                push_unique(v, &mut work);
            }
            drop_all(work);
        }
    }
}

impl Drop for VarBox {
    fn drop(&mut self) {
        let v = std::mem::take(self.0.get_mut());
        if unique(&v) {
            drop_all(vec![v]);
        }
    }
}

/// The code of one `lambda`.
#[derive(Debug)]
pub(crate) struct Lambda {
    pub name: Option<Rc<str>>,
    /// Required parameters.
    pub nreq: u16,
    /// Whether extra arguments are collected into a list in slot `nreq`.
    pub rest: bool,
    /// Frame size: parameters plus locals.
    pub nslots: u16,
    pub code: Vec<Op>,
    /// Source place of each instruction.
    pub pos: Vec<Pos>,
    pub consts: Vec<Value>,
    pub names: Vec<Rc<str>>,
    pub children: Vec<Rc<Lambda>>,
    /// Where the captured values of a closure of this lambda come from.
    pub captures: Vec<CapSrc>,
    /// Where the lambda (or its `define`) is written.
    pub at: Pos,
    /// Part of the built-in prelude (errors are reported at the user's call instead).
    pub prelude: bool,
}

impl Lambda {
    pub fn display_name(&self) -> &str {
        self.name.as_deref().unwrap_or("anonymous procedure")
    }
}

/// A procedure value: code plus captured variables (flat closure).
#[derive(Debug)]
pub struct Closure {
    pub(crate) lambda: Rc<Lambda>,
    pub(crate) captures: Box<[Value]>,
}

impl Closure {
    pub fn name(&self) -> Option<&str> {
        self.lambda.name.as_deref()
    }
}

/// A builtin procedure's function.
pub type PrimFn = fn(&mut Ctx, &[Value]) -> Result<Value>;

pub struct PrimDef {
    pub name: &'static str,
    pub min: u16,
    /// `u16::MAX`: any number.
    pub max: u16,
    pub f: PrimFn,
}
