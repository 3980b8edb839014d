//! Special forms, compiled to [`Ir`] (derived forms are expanded here).

use super::builtins;
use super::compile::{malformed, Compiler};
use super::error::{Pos, Result, SchemeError};
use super::ir::Ir;
use super::parser::{Sexp, SexpKind};
use super::value::Value;
use std::rc::Rc;

/// One parsed `let`-style binding: name, its place, initial value.
type Binding<'s> = (Rc<str>, Pos, &'s Sexp);

type Form<'g> = fn(&mut Compiler<'g>, &Sexp, &[Sexp]) -> Result<Ir>;

/// What a compiled `cond`/`case` clause does when selected.
enum Then {
    Body(Ir),
    /// `=> f`: call f with the tested value.
    Arrow(Ir),
    /// `(test)`: the test's value itself.
    Test,
}

impl<'g> Compiler<'g> {
    /// Compiles `x` if its head names a special form. (A thin dispatcher: the compiler
    /// recurses through here, so every form lives in its own small function.)
    #[inline(never)]
    pub(super) fn special(&mut self, head: &str, x: &Sexp, items: &[Sexp]) -> Result<Option<Ir>> {
        let form: Form<'g> = match head {
            "quote" => Self::quote_form,
            "quasiquote" => Self::quasi_form,
            "unquote" | "unquote-splicing" => Self::unquote_form,
            "if" => Self::if_form,
            "define" => Self::define_form,
            "set!" => Self::set_form,
            "lambda" => Self::lambda_form,
            "begin" => Self::begin_form,
            "let" => Self::let_any,
            "let*" => Self::let_star_form,
            "letrec" | "letrec*" => Self::letrec_form,
            "and" | "or" => Self::and_or,
            "when" | "unless" => Self::when_unless,
            "cond" => Self::cond_form,
            "case" => Self::case_form,
            "do" => Self::do_loop,
            "define-syntax" | "let-syntax" | "letrec-syntax" | "syntax-rules"
            | "define-record-type" => Self::unsupported,
            _ => return Ok(None),
        };
        if !matches!(x.kind, SexpKind::List(_, None)) {
            return Err(malformed(x, head));
        }
        form(self, x, items).map(Some)
    }

    fn quote_form(&mut self, x: &Sexp, items: &[Sexp]) -> Result<Ir> {
        match items {
            [_, d] => Ok(Ir::Const(d.to_value())),
            _ => Err(malformed(x, "quote")),
        }
    }

    fn quasi_form(&mut self, x: &Sexp, items: &[Sexp]) -> Result<Ir> {
        match items {
            [_, d] => self.quasi(d),
            _ => Err(malformed(x, "quasiquote")),
        }
    }

    fn unquote_form(&mut self, x: &Sexp, items: &[Sexp]) -> Result<Ir> {
        let head = items[0].sym().map_or("unquote", |s| &**s);
        Err(SchemeError::syntax(x.pos, format!("{head} outside quasiquote")))
    }

    fn unsupported(&mut self, x: &Sexp, items: &[Sexp]) -> Result<Ir> {
        let head = items[0].sym().map_or("this form", |s| &**s);
        Err(SchemeError::syntax(x.pos, format!("{head} is not supported")))
    }

    fn define_form(&mut self, x: &Sexp, _: &[Sexp]) -> Result<Ir> {
        Err(SchemeError::syntax(
            x.pos,
            "define is only allowed at the top level or at the start of a body",
        ))
    }

    fn if_form(&mut self, x: &Sexp, items: &[Sexp]) -> Result<Ir> {
        let (c, t, e) = match items {
            [_, c, t] => (c, t, None),
            [_, c, t, e] => (c, t, Some(e)),
            _ => return Err(malformed(x, "if")),
        };
        let c = self.expr(c)?;
        let t = self.expr(t)?;
        let e = match e {
            Some(e) => self.expr(e)?,
            None => Ir::Void,
        };
        Ok(Ir::If(Box::new(c), Box::new(t), Box::new(e)))
    }

    fn set_form(&mut self, x: &Sexp, items: &[Sexp]) -> Result<Ir> {
        let [_, target, value] = items else { return Err(malformed(x, "set!")) };
        let name = target.sym().ok_or_else(|| malformed(x, "set!"))?;
        let value = self.expr(value)?;
        self.assign(name, target.pos, value, x.pos)
    }

    fn lambda_form(&mut self, x: &Sexp, items: &[Sexp]) -> Result<Ir> {
        if items.len() < 3 {
            return Err(malformed(x, "lambda"));
        }
        let formals = self.lambda_formals(&items[1])?;
        self.lambda(formals, &items[2..], None, None, x.pos)
    }

    fn begin_form(&mut self, _: &Sexp, items: &[Sexp]) -> Result<Ir> {
        self.seq(&items[1..])
    }

    fn let_any(&mut self, x: &Sexp, items: &[Sexp]) -> Result<Ir> {
        match items.get(1).map(|s| &s.kind) {
            Some(SexpKind::Sym(name)) if items.len() >= 4 => {
                let binds = self.bindings(&items[2], "let")?;
                self.named_let(name.clone(), binds, &items[3..], x.pos)
            }
            Some(SexpKind::Sym(_)) => Err(malformed(x, "named let")),
            Some(_) if items.len() >= 3 => {
                let binds = self.bindings(&items[1], "let")?;
                self.let_form(&binds, &items[2..], x.pos)
            }
            _ => Err(malformed(x, "let")),
        }
    }

    fn let_star_form(&mut self, x: &Sexp, items: &[Sexp]) -> Result<Ir> {
        if items.len() < 3 {
            return Err(malformed(x, "let*"));
        }
        let binds = self.bindings(&items[1], "let*")?;
        self.let_star(&binds, &items[2..], x.pos)
    }

    fn letrec_form(&mut self, x: &Sexp, items: &[Sexp]) -> Result<Ir> {
        let head = items[0].sym().map_or("letrec", |s| &**s);
        if items.len() < 3 {
            return Err(malformed(x, head));
        }
        let binds = self.bindings(&items[1], head)?;
        self.letrec(&binds, &items[2..], x.pos)
    }

    fn and_or(&mut self, x: &Sexp, items: &[Sexp]) -> Result<Ir> {
        let mut parts = Vec::with_capacity(items.len() - 1);
        for e in &items[1..] {
            parts.push(self.expr(e)?);
        }
        Ok(if items[0].sym().is_some_and(|s| &**s == "and") {
            Ir::And(parts, x.pos)
        } else {
            Ir::Or(parts, x.pos)
        })
    }

    fn when_unless(&mut self, x: &Sexp, items: &[Sexp]) -> Result<Ir> {
        let when = items[0].sym().is_some_and(|s| &**s == "when");
        if items.len() < 2 {
            return Err(malformed(x, if when { "when" } else { "unless" }));
        }
        let test = self.expr(&items[1])?;
        let body = self.seq(&items[2..])?;
        let (t, e) = if when { (body, Ir::Void) } else { (Ir::Void, body) };
        Ok(Ir::If(Box::new(test), Box::new(t), Box::new(e)))
    }

    fn cond_form(&mut self, _: &Sexp, items: &[Sexp]) -> Result<Ir> {
        self.cond(&items[1..])
    }

    fn case_form(&mut self, x: &Sexp, items: &[Sexp]) -> Result<Ir> {
        if items.len() < 2 {
            return Err(malformed(x, "case"));
        }
        self.case(&items[1], &items[2..])
    }

    #[inline(never)]
    fn bindings<'s>(&self, b: &'s Sexp, form: &str) -> Result<Vec<Binding<'s>>> {
        let list = b.list().ok_or_else(|| malformed(b, &format!("{form} bindings")))?;
        let mut out: Vec<Binding<'s>> = Vec::new();
        for item in list {
            match item.list() {
                Some([name, init]) => {
                    let s =
                        name.sym().ok_or_else(|| malformed(item, &format!("{form} binding")))?;
                    if form != "let*" && out.iter().any(|(n, _, _)| n == s) {
                        return Err(SchemeError::syntax(
                            name.pos,
                            format!("duplicate variable {s} in {form}"),
                        ));
                    }
                    out.push((s.clone(), name.pos, init));
                }
                _ => return Err(malformed(item, &format!("{form} binding"))),
            }
        }
        Ok(out)
    }

    #[inline(never)]
    fn let_form(&mut self, binds: &[Binding<'_>], body: &[Sexp], pos: Pos) -> Result<Ir> {
        let mut inits = Vec::with_capacity(binds.len());
        for (name, _, init) in binds {
            inits.push(self.expr_named(init, Some(name.clone()), None)?);
        }
        self.scopes.push(Vec::new());
        let vars: Vec<_> =
            binds.iter().map(|(name, _, _)| self.bind(name.clone(), false)).collect();
        let body = self.body(body, pos)?;
        self.scopes.pop();
        Ok(Ir::Let(vars.into_iter().zip(inits).collect(), Box::new(body)))
    }

    #[inline(never)]
    fn let_star(&mut self, binds: &[Binding<'_>], body: &[Sexp], pos: Pos) -> Result<Ir> {
        let Some(((name, _, init), rest)) = binds.split_first() else {
            return self.let_form(&[], body, pos);
        };
        let init = self.expr_named(init, Some(name.clone()), None)?;
        let saved = self.depth;
        self.deeper(1, pos)?;
        self.scopes.push(Vec::new());
        let v = self.bind(name.clone(), false);
        let inner =
            if rest.is_empty() { self.body(body, pos) } else { self.let_star(rest, body, pos) };
        self.scopes.pop();
        self.depth = saved;
        Ok(Ir::Let(vec![(v, init)], Box::new(inner?)))
    }

    #[inline(never)]
    fn letrec(&mut self, binds: &[Binding<'_>], body: &[Sexp], pos: Pos) -> Result<Ir> {
        self.scopes.push(Vec::new());
        let vars: Vec<_> = binds.iter().map(|(name, _, _)| self.bind(name.clone(), true)).collect();
        let mut items = Vec::with_capacity(binds.len() + 1);
        for ((name, _, init), &v) in binds.iter().zip(&vars) {
            let value = self.expr_named(init, Some(name.clone()), Some(v))?;
            items.push(Ir::SetLocal(v, Box::new(value)));
        }
        items.push(self.body(body, pos)?);
        self.scopes.pop();
        Ok(Ir::Letrec(vars, Box::new(Ir::Seq(items))))
    }

    /// `(let loop ((v init) ...) body)`: a recursive procedure called at once.
    #[inline(never)]
    fn named_let(
        &mut self,
        name: Rc<str>,
        binds: Vec<Binding<'_>>,
        body: &[Sexp],
        pos: Pos,
    ) -> Result<Ir> {
        let mut inits = Vec::with_capacity(binds.len());
        for (_, _, init) in &binds {
            inits.push(self.expr(init)?);
        }
        self.scopes.push(Vec::new());
        let lv = self.bind(name.clone(), true);
        let (id, saved) = self.enter_lambda(Some(name), Some(lv), pos);
        for (n, _, _) in binds {
            let p = self.bind(n, false);
            self.lambdas[id as usize].params.push(p);
        }
        let body = self.body(body, pos)?;
        self.leave_lambda(id, saved, body);
        self.scopes.pop();
        Ok(self.loop_call(lv, id, inits, pos))
    }

    #[inline(never)]
    fn loop_call(&mut self, lv: u32, id: u32, inits: Vec<Ir>, pos: Pos) -> Ir {
        let proc = Ir::Letrec(
            vec![lv],
            Box::new(Ir::Seq(vec![
                Ir::SetLocal(lv, Box::new(Ir::Lambda(id))),
                self.local(lv, pos),
            ])),
        );
        Ir::Call(Box::new(proc), inits, pos)
    }

    /// `(do ((var init step) ...) (test result ...) body ...)` as a tail-recursive loop.
    #[inline(never)]
    fn do_loop(&mut self, x: &Sexp, items: &[Sexp]) -> Result<Ir> {
        if items.len() < 3 {
            return Err(malformed(x, "do"));
        }
        let specs = items[1].list().ok_or_else(|| malformed(&items[1], "do bindings"))?;
        let mut vars = Vec::new();
        for spec in specs {
            match spec.list() {
                Some([name, init]) | Some([name, init, _]) => {
                    let s = name.sym().ok_or_else(|| malformed(spec, "do binding"))?;
                    if vars.iter().any(|(n, _, _): &(Rc<str>, &Sexp, Option<&Sexp>)| n == s) {
                        return Err(SchemeError::syntax(
                            name.pos,
                            format!("duplicate variable {s} in do"),
                        ));
                    }
                    vars.push((s.clone(), init, spec.list().and_then(|l| l.get(2))));
                }
                _ => return Err(malformed(spec, "do binding")),
            }
        }
        let exit = items[2]
            .list()
            .filter(|l| !l.is_empty())
            .ok_or_else(|| malformed(&items[2], "do test"))?;
        let mut inits = Vec::with_capacity(vars.len());
        for (_, init, _) in &vars {
            inits.push(self.expr(init)?);
        }
        self.scopes.push(Vec::new());
        let lv = self.new_var(Rc::from("do-loop"), true);
        let (id, saved) = self.enter_lambda(Some(Rc::from("do-loop")), Some(lv), x.pos);
        let params: Vec<_> = vars.iter().map(|(n, _, _)| self.bind(n.clone(), false)).collect();
        self.lambdas[id as usize].params = params.clone();
        let test = self.expr(&exit[0])?;
        let result = self.seq(&exit[1..])?;
        let mut body = Vec::new();
        for e in &items[3..] {
            body.push(self.expr(e)?);
        }
        let mut steps = Vec::with_capacity(vars.len());
        for ((_, _, step), &p) in vars.iter().zip(&params) {
            steps.push(match step {
                Some(s) => self.expr(s)?,
                None => self.local(p, x.pos),
            });
        }
        let again = self.local(lv, x.pos);
        body.push(Ir::Call(Box::new(again), steps, x.pos));
        let loop_body = Ir::If(Box::new(test), Box::new(result), Box::new(Ir::Seq(body)));
        self.leave_lambda(id, saved, loop_body);
        self.scopes.pop();
        Ok(self.loop_call(lv, id, inits, x.pos))
    }

    #[inline(never)]
    fn clause_then(&mut self, c: &Sexp, rest: &[Sexp], form: &str) -> Result<Then> {
        match rest {
            [] => Ok(Then::Test),
            [arrow, f]
                if arrow.sym().is_some_and(|s| &**s == "=>")
                    && self.lookup_local("=>").is_none() =>
            {
                Ok(Then::Arrow(self.expr(f)?))
            }
            [arrow, ..] if arrow.sym().is_some_and(|s| &**s == "=>") => {
                Err(malformed(c, &format!("{form} clause")))
            }
            body => Ok(Then::Body(self.seq(body)?)),
        }
    }

    fn is_else(&self, x: &Sexp) -> bool {
        x.sym().is_some_and(|s| &**s == "else") && self.lookup_local("else").is_none()
    }

    /// Chooses `then` for a tested value held in `tmp` (or computed by `test`).
    #[inline(never)]
    fn select(&mut self, test: Ir, then: Then, otherwise: Ir, pos: Pos) -> Ir {
        match then {
            Then::Body(b) => Ir::If(Box::new(test), Box::new(b), Box::new(otherwise)),
            Then::Test => Ir::Or(vec![test, otherwise], pos),
            Then::Arrow(f) => {
                let tmp = self.new_var(Rc::from("=>"), false);
                let t1 = self.local(tmp, pos);
                let t2 = self.local(tmp, pos);
                let call = Ir::Call(Box::new(f), vec![t2], pos);
                Ir::Let(
                    vec![(tmp, test)],
                    Box::new(Ir::If(Box::new(t1), Box::new(call), Box::new(otherwise))),
                )
            }
        }
    }

    #[inline(never)]
    fn cond(&mut self, clauses: &[Sexp]) -> Result<Ir> {
        let mut parts = Vec::new();
        let mut fallback = Ir::Void;
        let saved = self.depth;
        for (i, c) in clauses.iter().enumerate() {
            self.deeper(1, c.pos)?;
            let items =
                c.list().filter(|l| !l.is_empty()).ok_or_else(|| malformed(c, "cond clause"))?;
            if self.is_else(&items[0]) {
                if i + 1 != clauses.len() || items.len() < 2 {
                    return Err(SchemeError::syntax(
                        c.pos,
                        "else must be the last cond clause and have a body",
                    ));
                }
                fallback = self.seq(&items[1..])?;
                break;
            }
            let test = self.expr(&items[0])?;
            let then = self.clause_then(c, &items[1..], "cond")?;
            parts.push((test, then, c.pos));
        }
        self.depth = saved;
        let mut acc = fallback;
        while let Some((test, then, pos)) = parts.pop() {
            acc = self.select(test, then, acc, pos);
        }
        Ok(acc)
    }

    #[inline(never)]
    fn case(&mut self, key: &Sexp, clauses: &[Sexp]) -> Result<Ir> {
        let key_ir = self.expr(key)?;
        let tmp = self.new_var(Rc::from("case"), false);
        let mut parts = Vec::new();
        let mut fallback = Ir::Void;
        let saved = self.depth;
        for (i, c) in clauses.iter().enumerate() {
            self.deeper(1, c.pos)?;
            let items =
                c.list().filter(|l| l.len() >= 2).ok_or_else(|| malformed(c, "case clause"))?;
            if self.is_else(&items[0]) {
                if i + 1 != clauses.len() {
                    return Err(SchemeError::syntax(c.pos, "else must be the last case clause"));
                }
                fallback = match self.clause_then(c, &items[1..], "case")? {
                    Then::Arrow(f) => {
                        let t = self.local(tmp, c.pos);
                        Ir::Call(Box::new(f), vec![t], c.pos)
                    }
                    Then::Body(b) => b,
                    Then::Test => Ir::Void,
                };
                break;
            }
            let data = items[0].list().ok_or_else(|| malformed(&items[0], "case clause data"))?;
            let data = Value::list(data.iter().map(Sexp::to_value).collect());
            let t = self.local(tmp, c.pos);
            let test = Ir::Memv(Box::new(t), data, c.pos);
            let then = match self.clause_then(c, &items[1..], "case")? {
                Then::Arrow(f) => {
                    let t = self.local(tmp, c.pos);
                    Then::Body(Ir::Call(Box::new(f), vec![t], c.pos))
                }
                other => other,
            };
            parts.push((test, then, c.pos));
        }
        self.depth = saved;
        let mut acc = fallback;
        while let Some((test, then, pos)) = parts.pop() {
            acc = self.select(test, then, acc, pos);
        }
        Ok(Ir::Let(vec![(tmp, key_ir)], Box::new(acc)))
    }

    fn prim_const(&self, name: &str, pos: Pos) -> Result<Ir> {
        builtins::lookup(name)
            .map(|p| Ir::Const(Value::Prim(p)))
            .ok_or_else(|| SchemeError::syntax(pos, format!("internal error: no builtin {name}")))
    }

    /// `` `x `` with `,e` and `,@e` (one level; nested quasiquote is not supported).
    #[inline(never)]
    fn quasi(&mut self, x: &Sexp) -> Result<Ir> {
        let SexpKind::List(items, tail) = &x.kind else { return Ok(Ir::Const(x.to_value())) };
        if let Some(inner) = self.form_named(x, "unquote") {
            return match inner {
                [_, e] => self.expr(e),
                _ => Err(malformed(x, "unquote")),
            };
        }
        if self.form_named(x, "quasiquote").is_some() {
            return Err(SchemeError::syntax(x.pos, "nested quasiquote is not supported"));
        }
        let saved = self.depth;
        self.deeper(items.len() + 1, x.pos)?;
        let mut acc = match tail {
            Some(t) => self.quasi(t)?,
            None => Ir::Const(Value::Nil),
        };
        for item in items.iter().rev() {
            acc = match self.form_named(item, "unquote-splicing") {
                Some([_, e]) => {
                    let spliced = self.expr(e)?;
                    Ir::Call(
                        Box::new(self.prim_const("append", item.pos)?),
                        vec![spliced, acc],
                        item.pos,
                    )
                }
                Some(_) => return Err(malformed(item, "unquote-splicing")),
                None => {
                    let head = self.quasi(item)?;
                    Ir::Call(
                        Box::new(self.prim_const("cons", item.pos)?),
                        vec![head, acc],
                        item.pos,
                    )
                }
            };
        }
        self.depth = saved;
        Ok(acc)
    }
}
