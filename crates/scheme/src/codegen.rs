//! Pass 2: [`Ir`] to machine code. Assigns frame slots, decides which variables are boxed,
//! builds each closure's capture list and marks tail calls.

use super::builtins::{index_of, is_apply};
use super::code::{CapSrc, Op};
use super::error::{Pos, Result, SchemeError};
use super::ir::{Globals, Ir, LamId, LambdaIr, VarId, VarInfo};
use super::value::Lambda;
use super::value::Value;
use std::rc::Rc;

pub struct Gen<'a> {
    pub vars: &'a [VarInfo],
    pub lambdas: &'a [LambdaIr],
    pub g: &'a Globals,
    pub prelude: bool,
    /// Frame slot of each variable (valid while its owner is being generated).
    pub slot: Vec<u16>,
}

/// Code of the lambda being generated.
struct Func {
    lam: LamId,
    code: Vec<Op>,
    pos: Vec<Pos>,
    consts: Vec<Value>,
    names: Vec<Rc<str>>,
    children: Vec<Rc<Lambda>>,
    /// Capture index -> variable.
    captures: Vec<VarId>,
    next_slot: u16,
    max_slot: u16,
    /// Highest jump target so far (instructions at or after it must not be removed).
    last_target: Option<usize>,
}

enum Loc {
    Slot(u16),
    Cap(u16),
    SelfRef,
}

fn internal(what: &str) -> SchemeError {
    SchemeError::syntax(Pos::NONE, format!("internal compiler error: {what}"))
}

fn too_many(pos: Pos, what: &str) -> SchemeError {
    SchemeError::syntax(pos, format!("too many {what}"))
}

impl Func {
    fn emit(&mut self, op: Op, pos: Pos) -> usize {
        self.code.push(op);
        self.pos.push(pos);
        self.code.len() - 1
    }

    /// Pops the value of an expression evaluated for effect, dropping a pure push instead.
    #[inline(never)]
    fn emit_pop(&mut self, pos: Pos) {
        let n = self.code.len();
        let removable = n > 0
            && self.last_target.is_none_or(|t| t + 1 < n)
            && matches!(
                self.code[n - 1],
                Op::Void | Op::Const(_) | Op::Local(_) | Op::Capture(_) | Op::SelfRef
            );
        if removable {
            self.code.pop();
            self.pos.pop();
        } else {
            self.emit(Op::Pop, pos);
        }
    }

    /// Points the jump at `at` to the current end of the code.
    #[inline(never)]
    fn patch(&mut self, at: usize) -> Result<()> {
        let target =
            u32::try_from(self.code.len()).map_err(|_| too_many(Pos::NONE, "instructions"))?;
        self.last_target = Some(self.code.len());
        self.code[at] = match self.code[at] {
            Op::Jump(_) => Op::Jump(target),
            Op::JumpIfFalse(_) => Op::JumpIfFalse(target),
            Op::AndJump(_) => Op::AndJump(target),
            Op::OrJump(_) => Op::OrJump(target),
            _ => return Err(internal("patching a non-jump")),
        };
        Ok(())
    }

    #[inline(never)]
    fn constant(&mut self, v: Value) -> Result<u32> {
        self.consts.push(v);
        u32::try_from(self.consts.len() - 1).map_err(|_| too_many(Pos::NONE, "constants"))
    }

    #[inline(never)]
    fn name(&mut self, n: &Rc<str>) -> Result<u16> {
        let i = match self.names.iter().position(|m| m == n) {
            Some(i) => i,
            None => {
                self.names.push(n.clone());
                self.names.len() - 1
            }
        };
        u16::try_from(i).map_err(|_| too_many(Pos::NONE, "variables"))
    }
}

impl Gen<'_> {
    /// Generates the top-level code (lambda 0).
    pub fn program(&mut self) -> Result<Rc<Lambda>> {
        self.lambda(0, None)
    }

    /// Generates lambda `id`, created in `parent`'s frame (`None` for the top level).
    #[inline(never)]
    fn lambda(&mut self, id: LamId, parent: Option<&Func>) -> Result<Rc<Lambda>> {
        let lam = self.lambdas.get(id as usize).ok_or_else(|| internal("lambda id"))?;
        let captures: Vec<VarId> = lam
            .free
            .iter()
            .copied()
            .filter(|&v| lam.self_var != Some(v) || self.vars[v as usize].mutated)
            .collect();
        let mut sources = Vec::with_capacity(captures.len());
        for &v in &captures {
            let parent = parent.ok_or_else(|| internal("top level captures"))?;
            sources.push(match self.locate(parent, v)? {
                Loc::Slot(s) => CapSrc::Slot(s),
                Loc::Cap(i) => CapSrc::Capture(i),
                Loc::SelfRef => CapSrc::SelfRef,
            });
        }
        let mut f = Box::new(Func {
            lam: id,
            code: Vec::new(),
            pos: Vec::new(),
            consts: Vec::new(),
            names: Vec::new(),
            children: Vec::new(),
            captures,
            next_slot: 0,
            max_slot: 0,
            last_target: None,
        });
        for &p in lam.params.iter().chain(lam.rest.iter()) {
            let s = self.alloc(&mut f, p, lam.pos)?;
            if self.vars[p as usize].boxed() {
                f.emit(Op::BoxLocal(s), lam.pos);
            }
        }
        self.expr(&mut f, &lam.body, true)?;
        let nreq = u16::try_from(lam.params.len()).map_err(|_| too_many(lam.pos, "parameters"))?;
        let f = *f;
        Ok(Rc::new(Lambda {
            name: lam.name.clone(),
            nreq,
            rest: lam.rest.is_some(),
            nslots: f.max_slot,
            code: f.code,
            pos: f.pos,
            consts: f.consts,
            names: f.names,
            children: f.children,
            captures: sources,
            at: lam.pos,
            prelude: self.prelude,
        }))
    }

    #[inline(never)]
    fn alloc(&mut self, f: &mut Func, v: VarId, pos: Pos) -> Result<u16> {
        let s = f.next_slot;
        f.next_slot = s.checked_add(1).ok_or_else(|| too_many(pos, "local variables"))?;
        f.max_slot = f.max_slot.max(f.next_slot);
        let i = v as usize;
        if self.slot.len() <= i {
            self.slot.resize(i + 1, 0);
        }
        self.slot[i] = s;
        Ok(s)
    }

    #[inline(never)]
    fn locate(&self, f: &Func, v: VarId) -> Result<Loc> {
        let info = self.vars.get(v as usize).ok_or_else(|| internal("variable id"))?;
        if info.owner == f.lam {
            return Ok(Loc::Slot(
                self.slot.get(v as usize).copied().ok_or_else(|| internal("slot"))?,
            ));
        }
        if self.lambdas[f.lam as usize].self_var == Some(v) && !info.mutated {
            return Ok(Loc::SelfRef);
        }
        let i = f.captures.iter().position(|&c| c == v).ok_or_else(|| internal("capture"))?;
        u16::try_from(i).map(Loc::Cap).map_err(|_| too_many(Pos::NONE, "captured variables"))
    }

    #[inline(never)]
    fn load(&self, f: &mut Func, v: VarId, pos: Pos) -> Result<()> {
        let info = &self.vars[v as usize];
        let op = match self.locate(f, v)? {
            Loc::Slot(s) if info.boxed() => Op::LocalBox(s, f.name(&info.name)?),
            Loc::Slot(s) if info.letrec => Op::LocalChecked(s, f.name(&info.name)?),
            Loc::Slot(s) => Op::Local(s),
            Loc::Cap(i) if info.boxed() => Op::CaptureBox(i, f.name(&info.name)?),
            Loc::Cap(i) => Op::Capture(i),
            Loc::SelfRef => Op::SelfRef,
        };
        f.emit(op, pos);
        Ok(())
    }

    #[inline(never)]
    fn store(&self, f: &mut Func, v: VarId, pos: Pos) -> Result<()> {
        let boxed = self.vars[v as usize].boxed();
        let op = match self.locate(f, v)? {
            Loc::Slot(s) if boxed => Op::SetLocalBox(s),
            Loc::Slot(s) => Op::SetLocal(s),
            Loc::Cap(i) if boxed => Op::SetCaptureBox(i),
            _ => return Err(internal("assignment to an unboxed capture")),
        };
        f.emit(op, pos);
        Ok(())
    }

    fn inline_prim(&self, callee: &Ir) -> Option<u16> {
        match callee {
            Ir::Global(g, _) => self.g.inline_prim(*g),
            Ir::Const(Value::Prim(p)) if !is_apply(p) => index_of(p),
            _ => None,
        }
    }

    fn ret(f: &mut Func, tail: bool, pos: Pos) {
        if tail {
            f.emit(Op::Return, pos);
        }
    }

    #[inline(never)]
    fn expr(&mut self, f: &mut Func, ir: &Ir, tail: bool) -> Result<()> {
        match ir {
            Ir::Const(v) => {
                let i = f.constant(v.clone())?;
                f.emit(Op::Const(i), Pos::NONE);
                Self::ret(f, tail, Pos::NONE);
            }
            Ir::Void => {
                f.emit(Op::Void, Pos::NONE);
                Self::ret(f, tail, Pos::NONE);
            }
            Ir::Local(v, pos) => {
                self.load(f, *v, *pos)?;
                Self::ret(f, tail, *pos);
            }
            Ir::Global(g, pos) => {
                f.emit(Op::Global(*g), *pos);
                Self::ret(f, tail, *pos);
            }
            Ir::SetLocal(v, value) => {
                self.expr(f, value, false)?;
                self.store(f, *v, Pos::NONE)?;
                f.emit(Op::Void, Pos::NONE);
                Self::ret(f, tail, Pos::NONE);
            }
            Ir::SetGlobal(g, value, pos, define) => {
                self.expr(f, value, false)?;
                f.emit(if *define { Op::DefineGlobal(*g) } else { Op::SetGlobal(*g) }, *pos);
                f.emit(Op::Void, *pos);
                Self::ret(f, tail, *pos);
            }
            Ir::If(c, t, e) => {
                self.expr(f, c, false)?;
                let j = f.emit(Op::JumpIfFalse(0), Pos::NONE);
                self.expr(f, t, tail)?;
                if tail {
                    f.patch(j)?;
                    self.expr(f, e, true)?;
                } else {
                    let j2 = f.emit(Op::Jump(0), Pos::NONE);
                    f.patch(j)?;
                    self.expr(f, e, false)?;
                    f.patch(j2)?;
                }
            }
            Ir::Lambda(id) => self.closure(f, *id, tail)?,
            Ir::Call(callee, args, pos) => self.call(f, callee, args, *pos, tail)?,
            Ir::And(items, pos) => self.and_or(f, items, *pos, tail, true)?,
            Ir::Or(items, pos) => self.and_or(f, items, *pos, tail, false)?,
            Ir::Let(binds, body) => self.let_(f, binds, body, tail)?,
            Ir::Letrec(vars, body) => self.letrec(f, vars, body, tail)?,
            Ir::Seq(items) => match items.split_last() {
                None => {
                    f.emit(Op::Void, Pos::NONE);
                    Self::ret(f, tail, Pos::NONE);
                }
                Some((last, init)) => {
                    for item in init {
                        self.expr(f, item, false)?;
                        f.emit_pop(Pos::NONE);
                    }
                    self.expr(f, last, tail)?;
                }
            },
            Ir::Memv(e, list, pos) => {
                self.expr(f, e, false)?;
                let i = f.constant(list.clone())?;
                f.emit(Op::Memv(i), *pos);
                Self::ret(f, tail, *pos);
            }
        }
        Ok(())
    }

    #[inline(never)]
    fn closure(&mut self, f: &mut Func, id: LamId, tail: bool) -> Result<()> {
        let child = self.lambda(id, Some(f))?;
        let pos = child.at;
        f.children.push(child);
        let i = u32::try_from(f.children.len() - 1).map_err(|_| too_many(pos, "lambdas"))?;
        f.emit(Op::Closure(i), pos);
        Self::ret(f, tail, pos);
        Ok(())
    }

    #[inline(never)]
    fn call(&mut self, f: &mut Func, callee: &Ir, args: &[Ir], pos: Pos, tail: bool) -> Result<()> {
        let argc = u16::try_from(args.len()).map_err(|_| too_many(pos, "arguments"))?;
        if let Some(p) = self.inline_prim(callee) {
            for a in args {
                self.expr(f, a, false)?;
            }
            f.emit(Op::CallPrim(p, argc), pos);
            Self::ret(f, tail, pos);
        } else {
            self.expr(f, callee, false)?;
            for a in args {
                self.expr(f, a, false)?;
            }
            f.emit(if tail { Op::TailCall(argc) } else { Op::Call(argc) }, pos);
        }
        Ok(())
    }

    #[inline(never)]
    fn and_or(
        &mut self,
        f: &mut Func,
        items: &[Ir],
        pos: Pos,
        tail: bool,
        is_and: bool,
    ) -> Result<()> {
        let Some((last, init)) = items.split_last() else {
            let i = f.constant(Value::Bool(is_and))?;
            f.emit(Op::Const(i), pos);
            Self::ret(f, tail, pos);
            return Ok(());
        };
        let mut jumps = Vec::with_capacity(init.len());
        for item in init {
            self.expr(f, item, false)?;
            jumps.push(f.emit(if is_and { Op::AndJump(0) } else { Op::OrJump(0) }, pos));
        }
        self.expr(f, last, tail)?;
        for j in jumps {
            f.patch(j)?;
        }
        if !init.is_empty() {
            Self::ret(f, tail, pos);
        }
        Ok(())
    }

    #[inline(never)]
    fn let_(&mut self, f: &mut Func, binds: &[(VarId, Ir)], body: &Ir, tail: bool) -> Result<()> {
        for (_, init) in binds {
            self.expr(f, init, false)?;
        }
        let saved = f.next_slot;
        let mut slots = Vec::with_capacity(binds.len());
        for (v, _) in binds {
            slots.push((self.alloc(f, *v, Pos::NONE)?, *v));
        }
        for &(s, v) in slots.iter().rev() {
            f.emit(Op::SetLocal(s), Pos::NONE);
            if self.vars[v as usize].boxed() {
                f.emit(Op::BoxLocal(s), Pos::NONE);
            }
        }
        self.expr(f, body, tail)?;
        f.next_slot = saved;
        Ok(())
    }

    #[inline(never)]
    fn letrec(&mut self, f: &mut Func, vars: &[VarId], body: &Ir, tail: bool) -> Result<()> {
        let saved = f.next_slot;
        for &v in vars {
            let s = self.alloc(f, v, Pos::NONE)?;
            f.emit(
                if self.vars[v as usize].boxed() { Op::NewBox(s) } else { Op::ClearLocal(s) },
                Pos::NONE,
            );
        }
        self.expr(f, body, tail)?;
        f.next_slot = saved;
        Ok(())
    }
}
