//! Pass 1: syntax trees to [`Ir`] — special forms expanded, every variable resolved to a
//! lexical variable id or a global slot, and assignment/capture recorded for pass 2.

use super::builtins;
use super::error::{ErrorKind, Pos, Result, SchemeError};
use super::ir::{Globals, Ir, LamId, LambdaIr, VarId, VarInfo};
use super::parser::{Sexp, SexpKind};
use super::value::Value;
use std::rc::Rc;

pub struct Compiler<'g> {
    pub g: &'g mut Globals,
    pub vars: Vec<VarInfo>,
    pub lambdas: Vec<LambdaIr>,
    /// Lexical scopes, innermost last.
    pub(super) scopes: Vec<Vec<(Rc<str>, VarId)>>,
    /// The lambda being compiled (0 is the top level).
    pub(super) cur: LamId,
    /// Compiling the builtin prelude: builtins are referenced directly, `%` names allowed.
    prelude: bool,
    /// Nesting of the expression being compiled (bounded, so later passes cannot overflow).
    pub(super) depth: usize,
}

/// Most nested expressions (counting `cond`/`case` clauses and `let*` bindings as levels),
/// which bounds the recursion of both compiler passes.
pub const MAX_DEPTH: usize = super::parser::MAX_NESTING;

/// Parameter list of a lambda.
pub struct Formals {
    pub req: Vec<(Rc<str>, Pos)>,
    pub rest: Option<(Rc<str>, Pos)>,
}

/// A parsed `define`.
pub struct Define<'s> {
    pub name: Rc<str>,
    pub pos: Pos,
    pub value: DefValue<'s>,
}

pub enum DefValue<'s> {
    Expr(Option<&'s Sexp>),
    Proc(Formals, &'s [Sexp]),
}

#[cold]
#[inline(never)]
pub fn malformed(x: &Sexp, what: &str) -> SchemeError {
    SchemeError::syntax(x.pos, format!("malformed {what}"))
}

impl<'g> Compiler<'g> {
    pub fn new(g: &'g mut Globals, prelude: bool) -> Compiler<'g> {
        let top = LambdaIr {
            parent: None,
            name: None,
            params: Vec::new(),
            rest: None,
            body: Ir::Void,
            free: Vec::new(),
            self_var: None,
            pos: Pos::NONE,
        };
        Compiler {
            g,
            vars: Vec::new(),
            lambdas: vec![top],
            scopes: Vec::new(),
            cur: 0,
            prelude,
            depth: 0,
        }
    }

    /// Compiles a whole program (its top-level forms) into lambda 0.
    pub fn program(&mut self, forms: &[Sexp]) -> Result<()> {
        for f in forms {
            self.prescan(f)?;
        }
        let mut items = Vec::new();
        for f in forms {
            self.top_form(f, &mut items)?;
        }
        self.lambdas[0].body = Ir::Seq(items);
        Ok(())
    }

    /// Registers the globals a program defines, so that procedures may refer to later ones.
    #[inline(never)]
    fn prescan(&mut self, f: &Sexp) -> Result<()> {
        if let Some(items) = self.form_named(f, "begin") {
            for x in &items[1..] {
                self.prescan(x)?;
            }
        } else if let Some(d) = self.as_define(f)? {
            let g = self.g.intern(&d.name) as usize;
            if self.g.prim[g].is_some() {
                self.g.assigned[g] = true;
            }
            self.g.defined[g] = true;
        }
        Ok(())
    }

    #[inline(never)]
    fn top_form(&mut self, f: &Sexp, out: &mut Vec<Ir>) -> Result<()> {
        if let Some(items) = self.form_named(f, "begin") {
            for x in &items[1..] {
                self.top_form(x, out)?;
            }
        } else if let Some(d) = self.as_define(f)? {
            let g = self.g.intern(&d.name);
            let value = self.define_value(d, None)?;
            out.push(Ir::SetGlobal(g, Box::new(value), f.pos, true));
        } else {
            out.push(self.expr(f)?);
        }
        Ok(())
    }

    /// `Some(items)` if `x` is a list headed by the (not locally rebound) keyword `name`.
    pub(super) fn form_named<'s>(&self, x: &'s Sexp, name: &str) -> Option<&'s [Sexp]> {
        let items = x.list()?;
        let head = items.first()?.sym()?;
        (&**head == name && self.lookup_local(head).is_none()).then_some(items)
    }

    #[inline(never)]
    pub(super) fn as_define<'s>(&self, f: &'s Sexp) -> Result<Option<Define<'s>>> {
        let Some(items) = self.form_named(f, "define") else { return Ok(None) };
        let target = items.get(1).ok_or_else(|| malformed(f, "define"))?;
        match &target.kind {
            SexpKind::Sym(name) => {
                if items.len() > 3 {
                    return Err(malformed(f, "define"));
                }
                Ok(Some(Define {
                    name: name.clone(),
                    pos: target.pos,
                    value: DefValue::Expr(items.get(2)),
                }))
            }
            SexpKind::List(head, tail) if !head.is_empty() => {
                let name = head[0].sym().ok_or_else(|| malformed(f, "define"))?;
                let formals = self.formals_of(&head[1..], tail.as_deref())?;
                if items.len() < 3 {
                    return Err(SchemeError::syntax(
                        f.pos,
                        format!("empty body in definition of {name}"),
                    ));
                }
                Ok(Some(Define {
                    name: name.clone(),
                    pos: head[0].pos,
                    value: DefValue::Proc(formals, &items[2..]),
                }))
            }
            _ => Err(malformed(f, "define")),
        }
    }

    #[inline(never)]
    pub(super) fn define_value(&mut self, d: Define<'_>, self_var: Option<VarId>) -> Result<Ir> {
        match d.value {
            DefValue::Expr(None) => Ok(Ir::Void),
            DefValue::Expr(Some(e)) => self.expr_named(e, Some(d.name), self_var),
            DefValue::Proc(formals, body) => {
                self.lambda(formals, body, Some(d.name), self_var, d.pos)
            }
        }
    }

    #[inline(never)]
    pub(super) fn formals_of(&self, items: &[Sexp], tail: Option<&Sexp>) -> Result<Formals> {
        let mut seen: Vec<Rc<str>> = Vec::new();
        let mut param = |x: &Sexp| -> Result<(Rc<str>, Pos)> {
            let s =
                x.sym().ok_or_else(|| SchemeError::syntax(x.pos, "parameter is not a symbol"))?;
            if seen.contains(s) {
                return Err(SchemeError::syntax(x.pos, format!("duplicate parameter {s}")));
            }
            seen.push(s.clone());
            Ok((s.clone(), x.pos))
        };
        let mut req = Vec::new();
        for x in items {
            req.push(param(x)?);
        }
        let rest = tail.map(&mut param).transpose()?;
        Ok(Formals { req, rest })
    }

    pub(super) fn lookup_local(&self, name: &str) -> Option<VarId> {
        for scope in self.scopes.iter().rev() {
            for (n, v) in scope.iter().rev() {
                if &**n == name {
                    return Some(*v);
                }
            }
        }
        None
    }

    /// A new variable of the current lambda (not yet in any scope).
    pub(super) fn new_var(&mut self, name: Rc<str>, letrec: bool) -> VarId {
        let v = self.vars.len() as VarId;
        self.vars.push(VarInfo {
            name,
            owner: self.cur,
            mutated: false,
            letrec,
            captured_self: false,
            captured_other: false,
        });
        v
    }

    /// A new variable visible in the innermost scope.
    pub(super) fn bind(&mut self, name: Rc<str>, letrec: bool) -> VarId {
        let v = self.new_var(name.clone(), letrec);
        if let Some(scope) = self.scopes.last_mut() {
            scope.push((name, v));
        }
        v
    }

    /// Records a use of `v` from the current lambda: every lambda between here and the
    /// variable's owner captures it.
    #[inline(never)]
    pub(super) fn note_use(&mut self, v: VarId) {
        let owner = self.vars[v as usize].owner;
        let mut l = self.cur;
        let mut top = None;
        while l != owner {
            let lam = &mut self.lambdas[l as usize];
            if !lam.free.contains(&v) {
                lam.free.push(v);
            }
            top = Some(l);
            match lam.parent {
                Some(p) => l = p,
                None => break,
            }
        }
        if let Some(t) = top {
            if self.lambdas[t as usize].self_var == Some(v) {
                self.vars[v as usize].captured_self = true;
            } else {
                self.vars[v as usize].captured_other = true;
            }
        }
    }

    pub(super) fn local(&mut self, v: VarId, pos: Pos) -> Ir {
        self.note_use(v);
        Ir::Local(v, pos)
    }

    #[inline(never)]
    fn variable(&mut self, name: &Rc<str>, pos: Pos) -> Result<Ir> {
        if let Some(v) = self.lookup_local(name) {
            return Ok(self.local(v, pos));
        }
        if self.prelude {
            if let Some(p) = builtins::lookup(name) {
                return Ok(Ir::Const(Value::Prim(p)));
            }
        }
        match self.g.get(name) {
            Some(g) if self.g.defined[g as usize] => Ok(Ir::Global(g, pos)),
            _ => {
                Err(SchemeError::new(ErrorKind::Runtime, pos, format!("unbound variable: {name}")))
            }
        }
    }

    /// `set!`
    #[inline(never)]
    pub(super) fn assign(&mut self, name: &Rc<str>, pos: Pos, value: Ir, form: Pos) -> Result<Ir> {
        if let Some(v) = self.lookup_local(name) {
            self.vars[v as usize].mutated = true;
            self.note_use(v);
            return Ok(Ir::SetLocal(v, Box::new(value)));
        }
        match self.g.get(name) {
            Some(g) if self.g.defined[g as usize] => {
                self.g.assigned[g as usize] = true;
                Ok(Ir::SetGlobal(g, Box::new(value), form, false))
            }
            _ => {
                Err(SchemeError::new(ErrorKind::Runtime, pos, format!("unbound variable: {name}")))
            }
        }
    }

    /// Adds `n` levels of nesting at `pos`, failing beyond [`MAX_DEPTH`].
    pub(super) fn deeper(&mut self, n: usize, pos: Pos) -> Result<()> {
        self.depth += n;
        if self.depth > MAX_DEPTH {
            return Err(SchemeError::syntax(
                pos,
                format!("expression nested deeper than {MAX_DEPTH} levels"),
            ));
        }
        Ok(())
    }

    #[inline(never)]
    pub fn expr(&mut self, x: &Sexp) -> Result<Ir> {
        let saved = self.depth;
        self.deeper(1, x.pos)?;
        let r = self.expr_inner(x);
        self.depth = saved;
        r
    }

    #[inline(never)]
    fn expr_inner(&mut self, x: &Sexp) -> Result<Ir> {
        match &x.kind {
            SexpKind::Lit(v) => Ok(Ir::Const(v.clone())),
            SexpKind::Sym(s) => self.variable(s, x.pos),
            SexpKind::List(items, tail) => {
                if items.is_empty() {
                    return Err(malformed(x, "expression () (write '() for the empty list)"));
                }
                if let Some(head) = items[0].sym() {
                    if self.lookup_local(head).is_none() {
                        if let Some(ir) = self.special(head, x, items)? {
                            return Ok(ir);
                        }
                    }
                }
                if tail.is_some() {
                    return Err(malformed(x, "procedure call (dotted list)"));
                }
                self.application(x, items)
            }
        }
    }

    #[inline(never)]
    fn application(&mut self, x: &Sexp, items: &[Sexp]) -> Result<Ir> {
        let f = self.expr(&items[0])?;
        let mut args = Vec::with_capacity(items.len() - 1);
        for a in &items[1..] {
            args.push(self.expr(a)?);
        }
        Ok(Ir::Call(Box::new(f), args, x.pos))
    }

    /// Like `expr`, but a `lambda` gets a name (for messages) and maybe its own variable.
    #[inline(never)]
    pub(super) fn expr_named(
        &mut self,
        x: &Sexp,
        name: Option<Rc<str>>,
        self_var: Option<VarId>,
    ) -> Result<Ir> {
        if let Some(items) = self.form_named(x, "lambda") {
            if items.len() >= 3 {
                let formals = self.lambda_formals(&items[1])?;
                return self.lambda(formals, &items[2..], name, self_var, x.pos);
            }
        }
        self.expr(x)
    }

    #[inline(never)]
    pub(super) fn lambda_formals(&self, f: &Sexp) -> Result<Formals> {
        match &f.kind {
            SexpKind::Sym(_) => self.formals_of(&[], Some(f)),
            SexpKind::List(items, tail) => self.formals_of(items, tail.as_deref()),
            SexpKind::Lit(_) => Err(SchemeError::syntax(f.pos, "parameter is not a symbol")),
        }
    }

    /// Starts a new lambda as a child of the current one; returns the previous current.
    #[inline(never)]
    pub(super) fn enter_lambda(
        &mut self,
        name: Option<Rc<str>>,
        self_var: Option<VarId>,
        pos: Pos,
    ) -> (LamId, LamId) {
        let id = self.lambdas.len() as LamId;
        self.lambdas.push(LambdaIr {
            parent: Some(self.cur),
            name,
            params: Vec::new(),
            rest: None,
            body: Ir::Void,
            free: Vec::new(),
            self_var,
            pos,
        });
        let saved = self.cur;
        self.cur = id;
        self.scopes.push(Vec::new());
        (id, saved)
    }

    #[inline(never)]
    pub(super) fn leave_lambda(&mut self, id: LamId, saved: LamId, body: Ir) {
        self.scopes.pop();
        self.cur = saved;
        self.lambdas[id as usize].body = body;
    }

    #[inline(never)]
    pub(super) fn bind_params(&mut self, id: LamId, formals: Formals) {
        let params = formals.req.into_iter().map(|(n, _)| self.bind(n, false)).collect();
        let rest = formals.rest.map(|(n, _)| self.bind(n, false));
        let lam = &mut self.lambdas[id as usize];
        lam.params = params;
        lam.rest = rest;
    }

    #[inline(never)]
    pub(super) fn lambda(
        &mut self,
        formals: Formals,
        body: &[Sexp],
        name: Option<Rc<str>>,
        self_var: Option<VarId>,
        pos: Pos,
    ) -> Result<Ir> {
        let (id, saved) = self.enter_lambda(name, self_var, pos);
        self.bind_params(id, formals);
        let body = self.body(body, pos)?;
        self.leave_lambda(id, saved, body);
        Ok(Ir::Lambda(id))
    }

    /// A body: internal definitions (letrec* semantics) mixed with expressions.
    #[inline(never)]
    pub(super) fn body(&mut self, forms: &[Sexp], pos: Pos) -> Result<Ir> {
        if forms.is_empty() {
            return Err(SchemeError::syntax(pos, "empty body"));
        }
        if forms.iter().any(|f| self.form_named(f, "define").is_some()) {
            self.body_with_defines(forms)
        } else {
            self.seq(forms)
        }
    }

    #[inline(never)]
    fn body_with_defines(&mut self, forms: &[Sexp]) -> Result<Ir> {
        let mut defs = Vec::new();
        for f in forms {
            defs.push(self.as_define(f)?);
        }
        self.scopes.push(Vec::new());
        let mut vars = Vec::new();
        for d in defs.iter().flatten() {
            if self.scopes.last().is_some_and(|s| s.iter().any(|(n, _)| *n == d.name)) {
                return Err(SchemeError::syntax(
                    d.pos,
                    format!("duplicate definition of {}", d.name),
                ));
            }
            vars.push(self.bind(d.name.clone(), true));
        }
        let mut items = Vec::new();
        let last_is_define = defs.last().is_some_and(Option::is_some);
        let mut next_var = vars.iter();
        for (f, d) in forms.iter().zip(defs) {
            match d {
                Some(d) => {
                    let v = *next_var
                        .next()
                        .ok_or_else(|| SchemeError::syntax(f.pos, "internal error: definitions"))?;
                    let value = self.define_value(d, Some(v))?;
                    items.push(Ir::SetLocal(v, Box::new(value)));
                }
                None => items.push(self.expr(f)?),
            }
        }
        if last_is_define {
            items.push(Ir::Void);
        }
        self.scopes.pop();
        Ok(Ir::Letrec(vars, Box::new(Ir::Seq(items))))
    }

    #[inline(never)]
    pub(super) fn seq(&mut self, forms: &[Sexp]) -> Result<Ir> {
        if let [only] = forms {
            return self.expr(only);
        }
        let mut items = Vec::with_capacity(forms.len());
        for f in forms {
            items.push(self.expr(f)?);
        }
        Ok(match items.len() {
            0 => Ir::Void,
            1 => items.pop().unwrap_or(Ir::Void),
            _ => Ir::Seq(items),
        })
    }
}
