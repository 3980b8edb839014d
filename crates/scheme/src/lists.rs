//! Pair and list builtins. Every builtin that walks a list charges one step per element,
//! so circular lists end in a step-budget error instead of hanging.

use super::error::{Result, SchemeError};
use super::native::Ctx;
use super::printer::{short, type_error};
use super::value::{eqv, Value};

pub fn cons(_: &mut Ctx, a: &[Value]) -> Result<Value> {
    Ok(Value::cons(a[0].clone(), a[1].clone()))
}

fn car_of(v: &Value, who: &str) -> Result<Value> {
    v.car().ok_or_else(|| type_error(who, "a pair", v))
}

fn cdr_of(v: &Value, who: &str) -> Result<Value> {
    v.cdr().ok_or_else(|| type_error(who, "a pair", v))
}

pub fn car(_: &mut Ctx, a: &[Value]) -> Result<Value> {
    car_of(&a[0], "car")
}

pub fn cdr(_: &mut Ctx, a: &[Value]) -> Result<Value> {
    cdr_of(&a[0], "cdr")
}

pub fn set_car(_: &mut Ctx, a: &[Value]) -> Result<Value> {
    let p = a[0].as_pair().ok_or_else(|| type_error("set-car!", "a pair", &a[0]))?;
    p.set_car(a[1].clone());
    Ok(Value::Void)
}

pub fn set_cdr(_: &mut Ctx, a: &[Value]) -> Result<Value> {
    let p = a[0].as_pair().ok_or_else(|| type_error("set-cdr!", "a pair", &a[0]))?;
    p.set_cdr(a[1].clone());
    Ok(Value::Void)
}

/// `c[ad]+r`: `path` is applied right to left, like the letters of the name.
fn cxr(v: &Value, name: &str) -> Result<Value> {
    let path = &name[1..name.len() - 1];
    let mut cur = v.clone();
    for step in path.bytes().rev() {
        let next = if step == b'a' { cur.car() } else { cur.cdr() };
        cur = next.ok_or_else(|| type_error(name, "a longer list", v))?;
    }
    Ok(cur)
}

macro_rules! cxrs {
    ($($f:ident),*) => {
        $(pub fn $f(_: &mut Ctx, a: &[Value]) -> Result<Value> {
            cxr(&a[0], stringify!($f))
        })*
    };
}
cxrs!(
    caar, cadr, cdar, cddr, caddr, cdddr, caadr, cddar, cadar, cdadr, caaar, cdaar, cadddr, cddddr
);

pub fn list(_: &mut Ctx, a: &[Value]) -> Result<Value> {
    Ok(Value::list(a.to_vec()))
}

/// The elements of a proper list, one step per element.
pub fn items(ctx: &mut Ctx, v: &Value, who: &str) -> Result<Vec<Value>> {
    let mut out = Vec::new();
    let mut cur = v.clone();
    loop {
        match cur {
            Value::Nil => return Ok(out),
            Value::Pair(p) => {
                ctx.charge(1)?;
                out.push(p.car());
                cur = p.cdr();
            }
            _ => return Err(type_error(who, "a proper list", v)),
        }
    }
}

pub fn length(ctx: &mut Ctx, a: &[Value]) -> Result<Value> {
    let mut n = 0i64;
    let mut cur = a[0].clone();
    loop {
        match cur {
            Value::Nil => return Ok(Value::Int(n)),
            Value::Pair(p) => {
                ctx.charge(1)?;
                n += 1;
                cur = p.cdr();
            }
            _ => return Err(type_error("length", "a proper list", &a[0])),
        }
    }
}

pub fn is_list(ctx: &mut Ctx, a: &[Value]) -> Result<Value> {
    // Tortoise and hare: a circular list is not a list.
    let mut slow = a[0].clone();
    let mut fast = a[0].clone();
    loop {
        for _ in 0..2 {
            match fast {
                Value::Nil => return Ok(Value::Bool(true)),
                Value::Pair(p) => {
                    ctx.charge(1)?;
                    fast = p.cdr();
                }
                _ => return Ok(Value::Bool(false)),
            }
        }
        slow = slow.cdr().unwrap_or(Value::Nil);
        if let (Value::Pair(x), Value::Pair(y)) = (&slow, &fast) {
            if std::rc::Rc::ptr_eq(x, y) {
                return Ok(Value::Bool(false));
            }
        }
    }
}

pub fn append(ctx: &mut Ctx, a: &[Value]) -> Result<Value> {
    let Some((last, init)) = a.split_last() else { return Ok(Value::Nil) };
    let mut all = Vec::new();
    for v in init {
        all.extend(items(ctx, v, "append")?);
    }
    Ok(Value::list_with_tail(all, last.clone()))
}

pub fn reverse(ctx: &mut Ctx, a: &[Value]) -> Result<Value> {
    let mut out = Value::Nil;
    let mut cur = a[0].clone();
    loop {
        match cur {
            Value::Nil => return Ok(out),
            Value::Pair(p) => {
                ctx.charge(1)?;
                out = Value::cons(p.car(), out);
                cur = p.cdr();
            }
            _ => return Err(type_error("reverse", "a proper list", &a[0])),
        }
    }
}

fn index(v: &Value, who: &str) -> Result<i64> {
    match v {
        Value::Int(k) if *k >= 0 => Ok(*k),
        _ => Err(type_error(who, "a non-negative integer index", v)),
    }
}

fn tail(ctx: &mut Ctx, list: &Value, k: i64, who: &str) -> Result<Value> {
    let mut cur = list.clone();
    for _ in 0..k {
        ctx.charge(1)?;
        cur = cur.cdr().ok_or_else(|| {
            SchemeError::runtime(format!("{who}: index {k} is out of range for {}", short(list)))
        })?;
    }
    Ok(cur)
}

pub fn list_tail(ctx: &mut Ctx, a: &[Value]) -> Result<Value> {
    let k = index(&a[1], "list-tail")?;
    tail(ctx, &a[0], k, "list-tail")
}

pub fn list_ref(ctx: &mut Ctx, a: &[Value]) -> Result<Value> {
    let k = index(&a[1], "list-ref")?;
    let t = tail(ctx, &a[0], k, "list-ref")?;
    t.car().ok_or_else(|| {
        SchemeError::runtime(format!("list-ref: index {k} is out of range for {}", short(&a[0])))
    })
}

pub fn list_copy(ctx: &mut Ctx, a: &[Value]) -> Result<Value> {
    let mut all = Vec::new();
    let mut cur = a[0].clone();
    while let Value::Pair(p) = cur {
        ctx.charge(1)?;
        all.push(p.car());
        cur = p.cdr();
    }
    Ok(Value::list_with_tail(all, cur))
}

pub fn last_pair(ctx: &mut Ctx, a: &[Value]) -> Result<Value> {
    let mut cur = a[0].clone();
    if !cur.is_pair() {
        return Err(type_error("last-pair", "a pair", &cur));
    }
    loop {
        ctx.charge(1)?;
        match cur.cdr() {
            Some(next @ Value::Pair(_)) => cur = next,
            _ => return Ok(cur),
        }
    }
}

/// Iterative `equal?` (one step per node compared).
pub fn equal(ctx: &mut Ctx, a: &Value, b: &Value) -> Result<bool> {
    let mut work = vec![(a.clone(), b.clone())];
    while let Some((x, y)) = work.pop() {
        ctx.charge(1)?;
        match (&x, &y) {
            (Value::Pair(p), Value::Pair(q)) => {
                if std::rc::Rc::ptr_eq(p, q) {
                    continue;
                }
                work.push((p.cdr(), q.cdr()));
                work.push((p.car(), q.car()));
            }
            (Value::Str(s), Value::Str(t)) => {
                if s != t {
                    return Ok(false);
                }
            }
            _ => {
                if !eqv(&x, &y) {
                    return Ok(false);
                }
            }
        }
    }
    Ok(true)
}

fn mem(
    ctx: &mut Ctx,
    a: &[Value],
    who: &str,
    same: fn(&mut Ctx, &Value, &Value) -> Result<bool>,
) -> Result<Value> {
    let mut cur = a[1].clone();
    loop {
        match &cur {
            Value::Pair(p) => {
                ctx.charge(1)?;
                if same(ctx, &a[0], &p.car())? {
                    return Ok(cur);
                }
                let next = p.cdr();
                cur = next;
            }
            Value::Nil => return Ok(Value::Bool(false)),
            _ => return Err(type_error(who, "a proper list", &a[1])),
        }
    }
}

fn ass(
    ctx: &mut Ctx,
    a: &[Value],
    who: &str,
    same: fn(&mut Ctx, &Value, &Value) -> Result<bool>,
) -> Result<Value> {
    let mut cur = a[1].clone();
    loop {
        match cur {
            Value::Pair(p) => {
                ctx.charge(1)?;
                let entry = p.car();
                let key = entry.car().ok_or_else(|| type_error(who, "a list of pairs", &a[1]))?;
                if same(ctx, &a[0], &key)? {
                    return Ok(entry);
                }
                cur = p.cdr();
            }
            Value::Nil => return Ok(Value::Bool(false)),
            _ => return Err(type_error(who, "a proper list", &a[1])),
        }
    }
}

fn same_eqv(_: &mut Ctx, x: &Value, y: &Value) -> Result<bool> {
    Ok(eqv(x, y))
}

pub fn memq(ctx: &mut Ctx, a: &[Value]) -> Result<Value> {
    mem(ctx, a, "memq", same_eqv)
}
pub fn memv(ctx: &mut Ctx, a: &[Value]) -> Result<Value> {
    mem(ctx, a, "memv", same_eqv)
}
pub fn member(ctx: &mut Ctx, a: &[Value]) -> Result<Value> {
    mem(ctx, a, "member", equal)
}
pub fn assq(ctx: &mut Ctx, a: &[Value]) -> Result<Value> {
    ass(ctx, a, "assq", same_eqv)
}
pub fn assv(ctx: &mut Ctx, a: &[Value]) -> Result<Value> {
    ass(ctx, a, "assv", same_eqv)
}
pub fn assoc(ctx: &mut Ctx, a: &[Value]) -> Result<Value> {
    ass(ctx, a, "assoc", equal)
}

/// Prelude helper for `map`/`for-each` over several lists: the cars, or `#f` when one ends.
pub fn cars(ctx: &mut Ctx, a: &[Value]) -> Result<Value> {
    let mut out = Vec::new();
    for l in items(ctx, &a[0], "map")? {
        match l.car() {
            Some(x) => out.push(x),
            None => return Ok(Value::Bool(false)),
        }
    }
    Ok(Value::list(out))
}

pub fn cdrs(ctx: &mut Ctx, a: &[Value]) -> Result<Value> {
    let mut out = Vec::new();
    for l in items(ctx, &a[0], "map")? {
        out.push(l.cdr().unwrap_or(Value::Nil));
    }
    Ok(Value::list(out))
}

/// Prelude helper: `(%list-error 'who value)`.
pub fn list_error(_: &mut Ctx, a: &[Value]) -> Result<Value> {
    Err(type_error(&a[0].to_display_string(), "a proper list", &a[1]))
}
