//! The builtin procedure table and the non-numeric builtins.

use super::error::{Result, SchemeError};
use super::lists;
use super::native::{Ctx, OUTPUT_LIMIT, STRING_LIMIT};
use super::numeric as n;
use super::printer::{self, type_error};
use super::value::PrimDef;
use super::value::{eqv, Value};

const ANY: u16 = u16::MAX;

macro_rules! prims {
    ($(($name:expr, $min:expr, $max:expr, $f:expr)),* $(,)?) => {
        &[$(PrimDef { name: $name, min: $min, max: $max, f: $f }),*]
    };
}

/// Index of `apply` (handled by the machine itself).
pub const APPLY: u16 = 0;

/// Every builtin. Names starting with `%` are only visible to the prelude.
pub static PRIMS: &[PrimDef] = prims![
    ("apply", 1, ANY, apply_placeholder),
    ("+", 0, ANY, n::add),
    ("-", 1, ANY, n::sub),
    ("*", 0, ANY, n::mul),
    ("/", 1, ANY, n::div),
    ("=", 1, ANY, n::num_eq),
    ("<", 1, ANY, n::lt),
    (">", 1, ANY, n::gt),
    ("<=", 1, ANY, n::le),
    (">=", 1, ANY, n::ge),
    ("quotient", 2, 2, n::quotient),
    ("remainder", 2, 2, n::remainder),
    ("modulo", 2, 2, n::modulo),
    ("abs", 1, 1, n::abs),
    ("min", 1, ANY, n::min),
    ("max", 1, ANY, n::max),
    ("expt", 2, 2, n::expt),
    ("gcd", 0, ANY, n::gcd),
    ("lcm", 0, ANY, n::lcm),
    ("floor", 1, 1, n::floor),
    ("ceiling", 1, 1, n::ceiling),
    ("round", 1, 1, n::round),
    ("truncate", 1, 1, n::truncate),
    ("sqrt", 1, 1, n::sqrt),
    ("square", 1, 1, n::square),
    ("exact->inexact", 1, 1, n::inexact),
    ("inexact->exact", 1, 1, n::exact),
    ("exact", 1, 1, n::exact),
    ("inexact", 1, 1, n::inexact),
    ("number->string", 1, 2, n::number_to_string),
    ("string->number", 1, 1, n::string_to_number),
    ("number?", 1, 1, n::is_number),
    ("integer?", 1, 1, n::is_integer),
    ("rational?", 1, 1, n::is_rational),
    ("real?", 1, 1, n::is_number),
    ("exact?", 1, 1, n::is_exact),
    ("inexact?", 1, 1, n::is_inexact),
    ("exact-integer?", 1, 1, n::is_exact_integer),
    ("zero?", 1, 1, n::is_zero),
    ("positive?", 1, 1, n::is_positive),
    ("negative?", 1, 1, n::is_negative),
    ("even?", 1, 1, n::is_even),
    ("odd?", 1, 1, n::is_odd),
    ("random", 1, 1, n::random),
    ("cons", 2, 2, lists::cons),
    ("car", 1, 1, lists::car),
    ("cdr", 1, 1, lists::cdr),
    ("set-car!", 2, 2, lists::set_car),
    ("set-cdr!", 2, 2, lists::set_cdr),
    ("caar", 1, 1, lists::caar),
    ("cadr", 1, 1, lists::cadr),
    ("cdar", 1, 1, lists::cdar),
    ("cddr", 1, 1, lists::cddr),
    ("caddr", 1, 1, lists::caddr),
    ("cdddr", 1, 1, lists::cdddr),
    ("caadr", 1, 1, lists::caadr),
    ("cddar", 1, 1, lists::cddar),
    ("cadar", 1, 1, lists::cadar),
    ("cdadr", 1, 1, lists::cdadr),
    ("caaar", 1, 1, lists::caaar),
    ("cdaar", 1, 1, lists::cdaar),
    ("cadddr", 1, 1, lists::cadddr),
    ("cddddr", 1, 1, lists::cddddr),
    ("list", 0, ANY, lists::list),
    ("length", 1, 1, lists::length),
    ("append", 0, ANY, lists::append),
    ("reverse", 1, 1, lists::reverse),
    ("list-ref", 2, 2, lists::list_ref),
    ("list-tail", 2, 2, lists::list_tail),
    ("list-copy", 1, 1, lists::list_copy),
    ("last-pair", 1, 1, lists::last_pair),
    ("memq", 2, 2, lists::memq),
    ("memv", 2, 2, lists::memv),
    ("member", 2, 2, lists::member),
    ("assq", 2, 2, lists::assq),
    ("assv", 2, 2, lists::assv),
    ("assoc", 2, 2, lists::assoc),
    ("null?", 1, 1, |_, a| Ok(Value::Bool(a[0].is_null()))),
    ("pair?", 1, 1, |_, a| Ok(Value::Bool(a[0].is_pair()))),
    ("list?", 1, 1, lists::is_list),
    ("boolean?", 1, 1, |_, a| Ok(Value::Bool(matches!(a[0], Value::Bool(_))))),
    ("procedure?", 1, 1, |_, a| Ok(Value::Bool(a[0].is_procedure()))),
    ("symbol?", 1, 1, |_, a| Ok(Value::Bool(matches!(a[0], Value::Sym(_))))),
    ("string?", 1, 1, |_, a| Ok(Value::Bool(matches!(a[0], Value::Str(_))))),
    ("char?", 1, 1, |_, a| Ok(Value::Bool(matches!(a[0], Value::Char(_))))),
    ("not", 1, 1, |_, a| Ok(Value::Bool(matches!(a[0], Value::Bool(false))))),
    ("eq?", 2, 2, |_, a| Ok(Value::Bool(eqv(&a[0], &a[1])))),
    ("eqv?", 2, 2, |_, a| Ok(Value::Bool(eqv(&a[0], &a[1])))),
    ("equal?", 2, 2, |c, a| lists::equal(c, &a[0], &a[1]).map(Value::Bool)),
    // An optional port argument is accepted and ignored: all output goes to one buffer.
    ("display", 1, 2, |c, a| output(c, &a[0], false)),
    ("write", 1, 2, |c, a| output(c, &a[0], true)),
    ("newline", 0, 1, |c, _| output(c, &Value::Char('\n'), false)),
    ("current-output-port", 0, 0, |_, _| Ok(Value::Void)),
    ("error", 0, ANY, error),
    ("string-append", 0, ANY, string_append),
    ("string-length", 1, 1, string_length),
    ("string=?", 1, ANY, string_eq),
    ("symbol->string", 1, 1, symbol_to_string),
    ("string->symbol", 1, 1, string_to_symbol),
    ("void", 0, ANY, |_, _| Ok(Value::Void)),
    ("%cars", 1, 1, lists::cars),
    ("%cdrs", 1, 1, lists::cdrs),
    ("%list-error", 2, 2, lists::list_error),
];

/// A builtin by name, including the prelude-only `%` ones.
pub fn lookup(name: &str) -> Option<&'static PrimDef> {
    PRIMS.iter().find(|p| p.name == name)
}

/// The table index of a builtin (what `CallPrim` holds).
pub fn index_of(def: &PrimDef) -> Option<u16> {
    PRIMS.iter().position(|p| std::ptr::eq(p, def)).and_then(|i| u16::try_from(i).ok())
}

/// `apply`, which the machine runs itself.
pub fn is_apply(def: &PrimDef) -> bool {
    std::ptr::eq(def, &PRIMS[usize::from(APPLY)])
}

fn apply_placeholder(_: &mut Ctx, _: &[Value]) -> Result<Value> {
    Err(SchemeError::runtime("apply: internal error"))
}

fn output(ctx: &mut Ctx, v: &Value, write: bool) -> Result<Value> {
    let room = OUTPUT_LIMIT.saturating_sub(ctx.out.len());
    if room > 0 {
        printer::print(v, write, ctx.out, room);
        if ctx.out.len() >= OUTPUT_LIMIT {
            ctx.out.push_str("\n[output truncated]\n");
        }
    }
    Ok(Value::Void)
}

fn error(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    let mut msg = String::new();
    for (i, v) in args.iter().enumerate() {
        if i > 0 {
            msg.push(' ');
        }
        if i == 0 {
            printer::print(v, false, &mut msg, 1000);
        } else {
            printer::print(v, true, &mut msg, 1000);
        }
    }
    if msg.is_empty() {
        msg.push_str("error");
    }
    Err(SchemeError::runtime(msg))
}

fn string_append(ctx: &mut Ctx, args: &[Value]) -> Result<Value> {
    let mut len = 0;
    for v in args {
        match v {
            Value::Str(x) => len += x.len(),
            _ => return Err(type_error("string-append", "a string", v)),
        }
    }
    if len > STRING_LIMIT {
        return Err(SchemeError::runtime(format!("string-append: the result would be {len} bytes long, more than the limit of {STRING_LIMIT}")));
    }
    // Copying is work: one step per 64 bytes, so a doubling loop meets the step budget.
    ctx.charge((len / 64) as u64)?;
    let mut s = String::with_capacity(len);
    for v in args {
        if let Value::Str(x) = v {
            s.push_str(x);
        }
    }
    Ok(Value::string(&s))
}

fn string_length(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    match &args[0] {
        Value::Str(s) => Ok(Value::Int(s.chars().count() as i64)),
        v => Err(type_error("string-length", "a string", v)),
    }
}

fn string_eq(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    let mut strs = Vec::with_capacity(args.len());
    for v in args {
        match v {
            Value::Str(s) => strs.push(s),
            _ => return Err(type_error("string=?", "a string", v)),
        }
    }
    Ok(Value::Bool(strs.windows(2).all(|w| w[0] == w[1])))
}

fn symbol_to_string(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    match &args[0] {
        Value::Sym(s) => Ok(Value::Str(s.clone())),
        v => Err(type_error("symbol->string", "a symbol", v)),
    }
}

fn string_to_symbol(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    match &args[0] {
        Value::Str(s) => Ok(Value::Sym(s.clone())),
        v => Err(type_error("string->symbol", "a string", v)),
    }
}
