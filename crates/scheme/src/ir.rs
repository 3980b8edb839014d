//! The intermediate form between syntax and code: variables resolved to unique ids,
//! with what the code generator needs to know about each (assigned? captured?).

use super::builtins::{self, PRIMS};
use super::error::Pos;
use super::value::Value;
use std::collections::HashMap;
use std::rc::Rc;

pub type VarId = u32;
pub type LamId = u32;

#[derive(Debug)]
pub struct VarInfo {
    pub name: Rc<str>,
    /// The lambda whose frame holds the variable.
    pub owner: LamId,
    /// Target of `set!`.
    pub mutated: bool,
    /// Bound by letrec / internal define (may be read before it is assigned).
    pub letrec: bool,
    /// Referenced from inside the lambda that is its own value (a recursive procedure).
    pub captured_self: bool,
    /// Referenced from any other nested lambda.
    pub captured_other: bool,
}

impl VarInfo {
    /// Whether the variable lives in a shared box: closures copy captured values, so a
    /// variable that changes after a closure captured it must be boxed.
    pub fn boxed(&self) -> bool {
        (self.mutated && (self.captured_self || self.captured_other))
            || (self.letrec && self.captured_other)
    }
}

#[derive(Debug)]
pub struct LambdaIr {
    pub parent: Option<LamId>,
    pub name: Option<Rc<str>>,
    pub params: Vec<VarId>,
    pub rest: Option<VarId>,
    pub body: Ir,
    /// Variables of enclosing lambdas used inside (in first-use order).
    pub free: Vec<VarId>,
    /// The variable this lambda is the initial value of (letrec / define / named let).
    pub self_var: Option<VarId>,
    pub pos: Pos,
}

#[derive(Debug)]
pub enum Ir {
    Const(Value),
    Void,
    Local(VarId, Pos),
    Global(u32, Pos),
    /// Assign (set! or the initialisation of a letrec variable); evaluates to unspecified.
    SetLocal(VarId, Box<Ir>),
    /// `set!` (false) or `define` (true) of a global.
    SetGlobal(u32, Box<Ir>, Pos, bool),
    If(Box<Ir>, Box<Ir>, Box<Ir>),
    Lambda(LamId),
    Seq(Vec<Ir>),
    Call(Box<Ir>, Vec<Ir>, Pos),
    And(Vec<Ir>, Pos),
    Or(Vec<Ir>, Pos),
    /// Bind new variables to values computed outside their scope.
    Let(Vec<(VarId, Ir)>, Box<Ir>),
    /// Bring variables into scope unassigned; the body assigns them with `SetLocal`.
    Letrec(Vec<VarId>, Box<Ir>),
    /// Whether the value is `eqv?` to an element of the constant list (for `case`).
    Memv(Box<Ir>, Value, Pos),
}

/// The global environment: builtins first, then the program's definitions.
pub struct Globals {
    pub names: Vec<Rc<str>>,
    pub values: Vec<Value>,
    pub index: HashMap<Rc<str>, u32>,
    /// Builtin initially bound to the global, if any.
    pub prim: Vec<Option<u16>>,
    /// Defined by the program (or a builtin): references to it are allowed.
    pub defined: Vec<bool>,
    /// Redefined or `set!` somewhere, so calls to a builtin cannot be inlined.
    pub assigned: Vec<bool>,
}

impl Globals {
    pub fn new() -> Globals {
        let mut g = Globals {
            names: Vec::new(),
            values: Vec::new(),
            index: HashMap::new(),
            prim: Vec::new(),
            defined: Vec::new(),
            assigned: Vec::new(),
        };
        for (i, p) in PRIMS.iter().enumerate() {
            if p.name.starts_with('%') {
                continue;
            }
            let Ok(i) = u16::try_from(i) else { continue };
            let id = g.intern(p.name);
            g.values[id as usize] = Value::Prim(p);
            g.prim[id as usize] = Some(i);
            g.defined[id as usize] = true;
        }
        g
    }

    /// The global slot for a name (created unbound if new).
    pub fn intern(&mut self, name: &str) -> u32 {
        if let Some(&i) = self.index.get(name) {
            return i;
        }
        let i = self.names.len() as u32;
        let name: Rc<str> = Rc::from(name);
        self.names.push(name.clone());
        self.values.push(Value::Undefined);
        self.prim.push(None);
        self.defined.push(false);
        self.assigned.push(false);
        self.index.insert(name, i);
        i
    }

    pub fn get(&self, name: &str) -> Option<u32> {
        self.index.get(name).copied()
    }

    /// The builtin a call to global `g` can be compiled to directly.
    pub fn inline_prim(&self, g: u32) -> Option<u16> {
        let i = g as usize;
        match (self.prim.get(i), self.assigned.get(i)) {
            (Some(Some(p)), Some(false)) if *p != builtins::APPLY => Some(*p),
            _ => None,
        }
    }
}
