//! The machine: runs compiled code on an explicit value stack and frame stack (no Rust
//! recursion), with proper tail calls, a step budget and a frame limit.

use super::builtins::{is_apply, PRIMS};
use super::code::{CapSrc, Op};
use super::error::{ErrorKind, Pos, Result, SchemeError};
use super::ir::Globals;
use super::native::{budget_error, Ctx};
use super::printer::short;
use super::value::{eqv, Value, VarBox};
use super::value::{Closure, Lambda, PrimDef};
use std::cell::RefCell;
use std::rc::Rc;

/// Most arguments `apply` spreads onto the stack.
const MAX_APPLY_ARGS: usize = 1_000_000;

/// Default limit on nested (non-tail) calls.
pub const DEFAULT_MAX_DEPTH: usize = 100_000;

struct Frame {
    clo: Rc<Closure>,
    /// Next instruction (saved while a callee runs).
    pc: usize,
    /// Stack index of slot 0; the procedure itself sits at `fp - 1`.
    fp: usize,
    /// For prelude procedures: where user code called into the prelude (errors go there).
    site: Pos,
}

enum Flow {
    /// Another frame became current.
    Switch,
    /// A builtin's result was pushed; continue in the same frame.
    Pushed,
    /// The outermost call returned.
    Done(Value),
}

pub struct Machine {
    stack: Vec<Value>,
    frames: Vec<Frame>,
    pub max_depth: usize,
    /// The last bootstrap procedure (it depends only on the argument count).
    boot: Option<(u16, Rc<Closure>)>,
}

/// A one-instruction procedure that tail-calls the procedure below `argc` arguments, so calls
/// from Rust take the same path as calls from Scheme.
fn bootstrap(argc: u16) -> Rc<Closure> {
    Rc::new(Closure {
        lambda: Rc::new(Lambda {
            name: None,
            nreq: 0,
            rest: false,
            nslots: 0,
            code: vec![Op::TailCall(argc)],
            pos: vec![Pos::NONE],
            consts: Vec::new(),
            names: Vec::new(),
            children: Vec::new(),
            captures: Vec::new(),
            at: Pos::NONE,
            prelude: false,
        }),
        captures: Box::new([]),
    })
}

/// Stack capacity kept between calls (a deep recursion may have grown it far beyond).
const KEEP_CAPACITY: usize = 1 << 12;

fn internal() -> SchemeError {
    SchemeError::runtime("internal error: corrupt machine state")
}

fn unassigned(lam: &Lambda, name: u16) -> SchemeError {
    let name = lam.names.get(usize::from(name)).map_or("?", |n| &**n);
    SchemeError::runtime(format!("{name}: used before its definition"))
}

fn arity_error(name: &str, min: usize, max: Option<usize>, got: usize) -> SchemeError {
    let plural = |n: usize| if n == 1 { "argument" } else { "arguments" };
    let expected = match max {
        Some(m) if m == min => format!("{min} {}", plural(min)),
        Some(m) => format!("{min} to {m} arguments"),
        None => format!("at least {min} {}", plural(min)),
    };
    SchemeError::runtime(format!("{name}: expected {expected}, got {got}"))
}

/// Place of instruction `pc`, or of the nearest instruction around it that has one.
fn place(lam: &Lambda, pc: usize) -> Pos {
    let n = lam.pos.len();
    if n == 0 {
        return lam.at;
    }
    let pc = pc.min(n - 1);
    lam.pos[..=pc]
        .iter()
        .rev()
        .chain(lam.pos[pc + 1..].iter())
        .copied()
        .find(|p| p.is_known())
        .unwrap_or(lam.at)
}

impl Default for Machine {
    fn default() -> Self {
        Machine::new()
    }
}

impl Machine {
    pub fn new() -> Machine {
        Machine { stack: Vec::new(), frames: Vec::new(), max_depth: DEFAULT_MAX_DEPTH, boot: None }
    }

    /// Calls `f` with `args` (from Rust); `ctx` holds the budget.
    pub fn call(
        &mut self,
        g: &mut Globals,
        ctx: &mut Ctx,
        f: Value,
        args: &[Value],
    ) -> Result<Value> {
        let argc =
            u16::try_from(args.len()).map_err(|_| SchemeError::runtime("too many arguments"))?;
        let boot = match &self.boot {
            Some((n, b)) if *n == argc => b.clone(),
            _ => {
                let b = bootstrap(argc);
                self.boot = Some((argc, b.clone()));
                b
            }
        };
        self.stack.clear();
        self.frames.clear();
        self.stack.push(Value::Closure(boot.clone()));
        self.stack.push(f);
        self.stack.extend_from_slice(args);
        let mut cur = Frame { clo: boot, pc: 0, fp: 1, site: Pos::NONE };
        let result = loop {
            match self.run_frame(&mut cur, g, ctx) {
                Ok(Flow::Done(v)) => break Ok(v),
                Ok(_) => {}
                Err(e) => break Err(self.locate(e, &cur)),
            }
        };
        // Drop everything the run referenced (frames may be deep: drop them one by one).
        while self.frames.pop().is_some() {}
        self.stack.clear();
        self.frames.shrink_to(KEEP_CAPACITY);
        self.stack.shrink_to(KEEP_CAPACITY);
        result
    }

    /// Gives an error without a place the place of the failing instruction, or for errors in
    /// prelude code the place of the user's call into the prelude.
    fn locate(&self, e: SchemeError, cur: &Frame) -> SchemeError {
        if e.pos().is_known() {
            return e;
        }
        if cur.clo.lambda.prelude {
            return e.or_at(cur.site);
        }
        e.or_at(place(&cur.clo.lambda, cur.pc.saturating_sub(1)))
    }

    fn pop(&mut self) -> Result<Value> {
        self.stack.pop().ok_or_else(internal)
    }

    fn slot(&mut self, fp: usize, s: u16) -> Result<&mut Value> {
        self.stack.get_mut(fp + usize::from(s)).ok_or_else(internal)
    }

    /// Runs the current frame until it calls, returns or fails. On failure `cur.pc` is just
    /// past the failing instruction.
    fn run_frame(&mut self, cur: &mut Frame, g: &mut Globals, ctx: &mut Ctx) -> Result<Flow> {
        let clo = cur.clo.clone();
        let lam: &Lambda = &clo.lambda;
        let fp = cur.fp;
        let mut pc = cur.pc;
        macro_rules! tri {
            ($e:expr) => {
                match $e {
                    Ok(v) => v,
                    Err(e) => {
                        cur.pc = pc;
                        return Err(e);
                    }
                }
            };
        }
        loop {
            let Some(&op) = lam.code.get(pc) else { tri!(Err(internal())) };
            pc += 1;
            if ctx.remaining == 0 {
                tri!(Err(budget_error(ctx.budget)));
            }
            ctx.remaining -= 1;
            match op {
                Op::Const(i) => {
                    let v = tri!(lam.consts.get(i as usize).cloned().ok_or_else(internal));
                    self.stack.push(v);
                }
                Op::Void => self.stack.push(Value::Void),
                Op::Local(s) => {
                    let v = tri!(self.slot(fp, s)).clone();
                    self.stack.push(v);
                }
                Op::LocalChecked(s, n) => {
                    let v = tri!(self.slot(fp, s)).clone();
                    if matches!(v, Value::Undefined) {
                        tri!(Err(unassigned(lam, n)));
                    }
                    self.stack.push(v);
                }
                Op::LocalBox(s, n) => {
                    let v = match tri!(self.slot(fp, s)) {
                        Value::Box(b) => b.0.borrow().clone(),
                        _ => tri!(Err(internal())),
                    };
                    if matches!(v, Value::Undefined) {
                        tri!(Err(unassigned(lam, n)));
                    }
                    self.stack.push(v);
                }
                Op::Capture(i) => {
                    let v = tri!(clo.captures.get(usize::from(i)).cloned().ok_or_else(internal));
                    self.stack.push(v);
                }
                Op::CaptureBox(i, n) => {
                    let v = match clo.captures.get(usize::from(i)) {
                        Some(Value::Box(b)) => b.0.borrow().clone(),
                        _ => tri!(Err(internal())),
                    };
                    if matches!(v, Value::Undefined) {
                        tri!(Err(unassigned(lam, n)));
                    }
                    self.stack.push(v);
                }
                Op::SelfRef => self.stack.push(Value::Closure(clo.clone())),
                Op::Global(i) => {
                    let v = tri!(g.values.get(i as usize).cloned().ok_or_else(internal));
                    if matches!(v, Value::Undefined) {
                        let name = g.names.get(i as usize).map_or("?", |n| &**n);
                        tri!(Err(SchemeError::runtime(format!(
                            "unbound variable: {name} (used before its definition)"
                        ))));
                    }
                    self.stack.push(v);
                }
                Op::SetLocal(s) => {
                    let v = tri!(self.pop());
                    *tri!(self.slot(fp, s)) = v;
                }
                Op::SetLocalBox(s) => {
                    let v = tri!(self.pop());
                    match tri!(self.slot(fp, s)) {
                        Value::Box(b) => drop(b.0.replace(v)),
                        _ => tri!(Err(internal())),
                    }
                }
                Op::SetCaptureBox(i) => {
                    let v = tri!(self.pop());
                    match clo.captures.get(usize::from(i)) {
                        Some(Value::Box(b)) => drop(b.0.replace(v)),
                        _ => tri!(Err(internal())),
                    }
                }
                Op::SetGlobal(i) | Op::DefineGlobal(i) => {
                    let v = tri!(self.pop());
                    let slot = tri!(g.values.get_mut(i as usize).ok_or_else(internal));
                    if matches!(op, Op::SetGlobal(_)) && matches!(slot, Value::Undefined) {
                        let name = g.names.get(i as usize).map_or("?", |n| &**n);
                        tri!(Err(SchemeError::runtime(format!("set!: {name} is not defined yet"))));
                    }
                    *slot = v;
                }
                Op::BoxLocal(s) => {
                    let slot = tri!(self.slot(fp, s));
                    let v = std::mem::take(slot);
                    *slot = Value::Box(Rc::new(VarBox(RefCell::new(v))));
                }
                Op::NewBox(s) => {
                    *tri!(self.slot(fp, s)) =
                        Value::Box(Rc::new(VarBox(RefCell::new(Value::Undefined))));
                }
                Op::ClearLocal(s) => *tri!(self.slot(fp, s)) = Value::Undefined,
                Op::Pop => {
                    tri!(self.pop());
                }
                Op::Jump(t) => pc = t as usize,
                Op::JumpIfFalse(t) => {
                    if !tri!(self.pop()).is_true() {
                        pc = t as usize;
                    }
                }
                Op::AndJump(t) | Op::OrJump(t) => {
                    let truth = tri!(self.stack.last().ok_or_else(internal)).is_true();
                    if truth == matches!(op, Op::OrJump(_)) {
                        pc = t as usize;
                    } else {
                        self.stack.pop();
                    }
                }
                Op::Closure(i) => {
                    let child = tri!(lam.children.get(i as usize).ok_or_else(internal));
                    let mut captures = Vec::with_capacity(child.captures.len());
                    for src in &child.captures {
                        captures.push(match *src {
                            CapSrc::Slot(s) => tri!(self.slot(fp, s)).clone(),
                            CapSrc::Capture(k) => {
                                tri!(clo.captures.get(usize::from(k)).cloned().ok_or_else(internal))
                            }
                            CapSrc::SelfRef => Value::Closure(clo.clone()),
                        });
                    }
                    let c =
                        Closure { lambda: child.clone(), captures: captures.into_boxed_slice() };
                    self.stack.push(Value::Closure(Rc::new(c)));
                }
                Op::Call(argc) | Op::TailCall(argc) => {
                    cur.pc = pc;
                    match tri!(self.invoke(
                        cur,
                        usize::from(argc),
                        matches!(op, Op::TailCall(_)),
                        ctx
                    )) {
                        Flow::Pushed => {}
                        flow => return Ok(flow),
                    }
                }
                Op::CallPrim(p, argc) => {
                    let v = tri!(self.call_prim(p, usize::from(argc), ctx));
                    self.stack.push(v);
                }
                Op::Return => {
                    let v = tri!(self.pop());
                    return Ok(self.return_value(cur, v));
                }
                Op::Memv(i) => {
                    let v = tri!(self.pop());
                    let mut list = tri!(lam.consts.get(i as usize).cloned().ok_or_else(internal));
                    let mut found = false;
                    while let Value::Pair(p) = list {
                        if eqv(&v, &p.car()) {
                            found = true;
                            break;
                        }
                        list = p.cdr();
                    }
                    self.stack.push(Value::Bool(found));
                }
            }
        }
    }

    /// Pops the current frame, handing `v` to the caller.
    fn return_value(&mut self, cur: &mut Frame, v: Value) -> Flow {
        self.stack.truncate(cur.fp.saturating_sub(1));
        match self.frames.pop() {
            Some(f) => {
                self.stack.push(v);
                *cur = f;
                Flow::Switch
            }
            None => Flow::Done(v),
        }
    }

    /// Runs builtin `p` on the top `argc` stack values, popping them.
    fn call_prim(&mut self, p: u16, argc: usize, ctx: &mut Ctx) -> Result<Value> {
        let def = PRIMS.get(usize::from(p)).ok_or_else(internal)?;
        self.call_def(def, argc, ctx)
    }

    /// Runs builtin `def` on the top `argc` stack values, popping them.
    fn call_def(&mut self, def: &PrimDef, argc: usize, ctx: &mut Ctx) -> Result<Value> {
        if argc < usize::from(def.min) || (def.max != u16::MAX && argc > usize::from(def.max)) {
            let max = (def.max != u16::MAX).then_some(usize::from(def.max));
            return Err(arity_error(def.name, usize::from(def.min), max, argc));
        }
        let start = self.stack.len().checked_sub(argc).ok_or_else(internal)?;
        let v = (def.f)(ctx, &self.stack[start..])?;
        self.stack.truncate(start);
        Ok(v)
    }

    /// Calls the procedure below the top `argc` values.
    fn invoke(
        &mut self,
        cur: &mut Frame,
        mut argc: usize,
        tail: bool,
        ctx: &mut Ctx,
    ) -> Result<Flow> {
        loop {
            let base = self.stack.len().checked_sub(argc + 1).ok_or_else(internal)?;
            let callee = self.stack[base].clone();
            match callee {
                Value::Closure(c) => {
                    let lam = &c.lambda;
                    let nreq = usize::from(lam.nreq);
                    if argc < nreq || (!lam.rest && argc > nreq) {
                        let e = arity_error(
                            lam.display_name(),
                            nreq,
                            (!lam.rest).then_some(nreq),
                            argc,
                        );
                        let caller = &cur.clo.lambda;
                        if !caller.prelude && !place(caller, cur.pc.saturating_sub(1)).is_known() {
                            // Called from Rust: point at the procedure's definition.
                            return Err(e.or_at(lam.at));
                        }
                        return Err(e);
                    }
                    if lam.rest {
                        let rest: Vec<Value> = self.stack.drain(base + 1 + nreq..).collect();
                        self.stack.push(Value::list(rest));
                    }
                    let site = match (lam.prelude, cur.clo.lambda.prelude) {
                        (false, _) => Pos::NONE,
                        (true, true) => cur.site,
                        (true, false) => place(&cur.clo.lambda, cur.pc.saturating_sub(1)),
                    };
                    let nparams = nreq + usize::from(lam.rest);
                    for _ in nparams..usize::from(lam.nslots) {
                        self.stack.push(Value::Undefined);
                    }
                    if tail {
                        let dst = cur.fp.checked_sub(1).ok_or_else(internal)?;
                        self.stack.drain(dst..base);
                        *cur = Frame { clo: c, pc: 0, fp: dst + 1, site };
                    } else {
                        if self.frames.len() >= self.max_depth {
                            return Err(SchemeError::new(
                                ErrorKind::Depth,
                                Pos::NONE,
                                format!("recursion deeper than {} nested calls", self.max_depth),
                            ));
                        }
                        let caller =
                            std::mem::replace(cur, Frame { clo: c, pc: 0, fp: base + 1, site });
                        self.frames.push(caller);
                    }
                    return Ok(Flow::Switch);
                }
                Value::Prim(def) if is_apply(def) => {
                    if argc < 2 {
                        return Err(arity_error("apply", 2, None, argc));
                    }
                    let list = self.pop()?;
                    let mut items = Vec::new();
                    let mut l = list.clone();
                    while let Value::Pair(p) = l {
                        ctx.charge(1)?;
                        items.push(p.car());
                        l = p.cdr();
                    }
                    if !l.is_null() {
                        return Err(SchemeError::runtime(format!(
                            "apply: expected a proper list, got {}",
                            short(&list)
                        )));
                    }
                    if argc - 2 + items.len() > MAX_APPLY_ARGS {
                        return Err(SchemeError::runtime("apply: too many arguments"));
                    }
                    self.stack.remove(base);
                    argc = argc - 2 + items.len();
                    self.stack.extend(items);
                }
                Value::Prim(def) => {
                    let v = self.call_def(def, argc, ctx)?;
                    self.stack.truncate(base);
                    if tail {
                        return Ok(self.return_value(cur, v));
                    }
                    self.stack.push(v);
                    return Ok(Flow::Pushed);
                }
                other => {
                    return Err(SchemeError::runtime(format!(
                        "attempt to call a non-procedure: {}",
                        short(&other)
                    )));
                }
            }
        }
    }
}
