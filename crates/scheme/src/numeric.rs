//! Number builtins: exact integers (i64, overflow is an error) and reals (f64).

use super::error::{Result, SchemeError};
use super::lexer::parse_number;
use super::native::Ctx;
use super::printer::{format_real, type_error};
use super::value::Value;

#[derive(Clone, Copy)]
enum Num {
    I(i64),
    R(f64),
}

fn num(v: &Value, who: &str) -> Result<Num> {
    match v {
        Value::Int(n) => Ok(Num::I(*n)),
        Value::Real(x) => Ok(Num::R(*x)),
        _ => Err(type_error(who, "a number", v)),
    }
}

fn real(v: &Value, who: &str) -> Result<f64> {
    v.as_f64().ok_or_else(|| type_error(who, "a number", v))
}

fn int(v: &Value, who: &str) -> Result<i64> {
    match v {
        Value::Int(n) => Ok(*n),
        _ => Err(type_error(who, "an exact integer", v)),
    }
}

fn from(n: Num) -> Value {
    match n {
        Num::I(i) => Value::Int(i),
        Num::R(x) => Value::Real(x),
    }
}

fn overflow(who: &str) -> SchemeError {
    SchemeError::runtime(format!("{who}: integer overflow"))
}

fn div_zero(who: &str) -> SchemeError {
    SchemeError::runtime(format!("{who}: division by zero"))
}

fn arith(
    who: &str,
    a: Num,
    b: Num,
    op: fn(i64, i64) -> Option<i64>,
    fop: fn(f64, f64) -> f64,
) -> Result<Num> {
    match (a, b) {
        (Num::I(x), Num::I(y)) => op(x, y).map(Num::I).ok_or_else(|| overflow(who)),
        (Num::I(x), Num::R(y)) => Ok(Num::R(fop(x as f64, y))),
        (Num::R(x), Num::I(y)) => Ok(Num::R(fop(x, y as f64))),
        (Num::R(x), Num::R(y)) => Ok(Num::R(fop(x, y))),
    }
}

pub fn add(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    if let [Value::Int(a), Value::Int(b)] = args {
        return a.checked_add(*b).map(Value::Int).ok_or_else(|| overflow("+"));
    }
    let mut acc = Num::I(0);
    for v in args {
        acc = arith("+", acc, num(v, "+")?, i64::checked_add, |x, y| x + y)?;
    }
    Ok(from(acc))
}

pub fn mul(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    let mut acc = Num::I(1);
    for v in args {
        acc = arith("*", acc, num(v, "*")?, i64::checked_mul, |x, y| x * y)?;
    }
    Ok(from(acc))
}

pub fn sub(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    if let [Value::Int(a), Value::Int(b)] = args {
        return a.checked_sub(*b).map(Value::Int).ok_or_else(|| overflow("-"));
    }
    let first = num(&args[0], "-")?;
    if args.len() == 1 {
        return arith("-", Num::I(0), first, i64::checked_sub, |x, y| x - y).map(from);
    }
    let mut acc = first;
    for v in &args[1..] {
        acc = arith("-", acc, num(v, "-")?, i64::checked_sub, |x, y| x - y)?;
    }
    Ok(from(acc))
}

fn div2(a: Num, b: Num) -> Result<Num> {
    if to_f(b) == 0.0 {
        return Err(div_zero("/"));
    }
    match (a, b) {
        (Num::I(x), Num::I(y)) => match x.checked_rem(y) {
            Some(0) => x.checked_div(y).map(Num::I).ok_or_else(|| overflow("/")),
            _ => Ok(Num::R(x as f64 / y as f64)),
        },
        (x, y) => Ok(Num::R(to_f(x) / to_f(y))),
    }
}

fn to_f(n: Num) -> f64 {
    match n {
        Num::I(i) => i as f64,
        Num::R(x) => x,
    }
}

pub fn div(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    let first = num(&args[0], "/")?;
    if args.len() == 1 {
        return div2(Num::I(1), first).map(from);
    }
    let mut acc = first;
    for v in &args[1..] {
        acc = div2(acc, num(v, "/")?)?;
    }
    Ok(from(acc))
}

fn cmp_chain(who: &str, args: &[Value], ok: fn(std::cmp::Ordering) -> bool) -> Result<Value> {
    let mut result = true;
    for w in args.windows(2) {
        let o = match (num(&w[0], who)?, num(&w[1], who)?) {
            (Num::I(a), Num::I(b)) => Some(a.cmp(&b)),
            (a, b) => to_f(a).partial_cmp(&to_f(b)),
        };
        if !o.is_some_and(ok) {
            result = false;
        }
    }
    if args.len() == 1 {
        num(&args[0], who)?;
    }
    Ok(Value::Bool(result))
}

pub fn num_eq(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    if let [Value::Int(a), Value::Int(b)] = args {
        return Ok(Value::Bool(a == b));
    }
    cmp_chain("=", args, |o| o.is_eq())
}
pub fn lt(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    if let [Value::Int(a), Value::Int(b)] = args {
        return Ok(Value::Bool(a < b));
    }
    cmp_chain("<", args, |o| o.is_lt())
}
pub fn gt(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    if let [Value::Int(a), Value::Int(b)] = args {
        return Ok(Value::Bool(a > b));
    }
    cmp_chain(">", args, |o| o.is_gt())
}
pub fn le(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    if let [Value::Int(a), Value::Int(b)] = args {
        return Ok(Value::Bool(a <= b));
    }
    cmp_chain("<=", args, |o| o.is_le())
}
pub fn ge(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    if let [Value::Int(a), Value::Int(b)] = args {
        return Ok(Value::Bool(a >= b));
    }
    cmp_chain(">=", args, |o| o.is_ge())
}

/// Integer division family; integral reals give real results.
fn int_div(
    who: &str,
    args: &[Value],
    op: fn(i64, i64) -> Option<i64>,
    fop: fn(f64, f64) -> f64,
) -> Result<Value> {
    let a = num(&args[0], who)?;
    let b = num(&args[1], who)?;
    let integral = |n: Num, v: &Value| match n {
        Num::R(x) if x.fract() != 0.0 || !x.is_finite() => Err(type_error(who, "an integer", v)),
        _ => Ok(()),
    };
    integral(a, &args[0])?;
    integral(b, &args[1])?;
    if to_f(b) == 0.0 {
        return Err(div_zero(who));
    }
    match (a, b) {
        (Num::I(x), Num::I(y)) => op(x, y).map(Value::Int).ok_or_else(|| overflow(who)),
        (x, y) => Ok(Value::Real(fop(to_f(x), to_f(y)))),
    }
}

fn modulo_i(a: i64, b: i64) -> Option<i64> {
    if b == -1 {
        return Some(0);
    }
    let r = a.checked_rem(b)?;
    Some(if r != 0 && ((r < 0) != (b < 0)) { r + b } else { r })
}

pub fn quotient(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    int_div("quotient", args, i64::checked_div, |x, y| (x / y).trunc())
}
pub fn remainder(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    int_div(
        "remainder",
        args,
        |a, b| if b == -1 { Some(0) } else { a.checked_rem(b) },
        |x, y| x % y,
    )
}
pub fn modulo(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    int_div("modulo", args, modulo_i, |x, y| {
        let r = x % y;
        if r != 0.0 && ((r < 0.0) != (y < 0.0)) {
            r + y
        } else {
            r
        }
    })
}

pub fn abs(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    match num(&args[0], "abs")? {
        Num::I(n) => n.checked_abs().map(Value::Int).ok_or_else(|| overflow("abs")),
        Num::R(x) => Ok(Value::Real(x.abs())),
    }
}

fn min_max(
    who: &str,
    args: &[Value],
    pick_second: fn(f64, f64) -> bool,
    ipick: fn(i64, i64) -> bool,
) -> Result<Value> {
    let mut best = num(&args[0], who)?;
    let mut inexact = matches!(best, Num::R(_));
    for v in &args[1..] {
        let n = num(v, who)?;
        inexact |= matches!(n, Num::R(_));
        let take = match (best, n) {
            (Num::I(a), Num::I(b)) => ipick(a, b),
            (a, b) => pick_second(to_f(a), to_f(b)),
        };
        if take {
            best = n;
        }
    }
    Ok(if inexact { Value::Real(to_f(best)) } else { from(best) })
}

pub fn min(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    min_max("min", args, |a, b| b < a, |a, b| b < a)
}
pub fn max(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    min_max("max", args, |a, b| b > a, |a, b| b > a)
}

pub fn expt(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    match (num(&args[0], "expt")?, num(&args[1], "expt")?) {
        (Num::I(a), Num::I(b)) if b >= 0 => match a {
            0 | 1 => Ok(Value::Int(if b == 0 { 1 } else { a })),
            -1 => Ok(Value::Int(if b % 2 == 0 { 1 } else { -1 })),
            _ => u32::try_from(b)
                .ok()
                .and_then(|b| a.checked_pow(b))
                .map(Value::Int)
                .ok_or_else(|| overflow("expt")),
        },
        (a, b) => Ok(Value::Real(to_f(a).powf(to_f(b)))),
    }
}

fn gcd_i(mut a: i64, mut b: i64) -> i64 {
    while b != 0 {
        let r = a.checked_rem(b).unwrap_or(0);
        a = b;
        b = r;
    }
    a
}

pub fn gcd(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    let mut acc = 0i64;
    for v in args {
        acc = gcd_i(acc, int(v, "gcd")?);
    }
    acc.checked_abs().map(Value::Int).ok_or_else(|| overflow("gcd"))
}

pub fn lcm(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    let mut acc = 1i64;
    for v in args {
        let n = int(v, "lcm")?;
        if n == 0 {
            acc = 0;
            continue;
        }
        if acc == 0 {
            continue;
        }
        let g = gcd_i(acc, n);
        acc = (acc / g).checked_mul(n).and_then(i64::checked_abs).ok_or_else(|| overflow("lcm"))?;
    }
    Ok(Value::Int(acc))
}

fn rounding(who: &str, args: &[Value], f: fn(f64) -> f64) -> Result<Value> {
    match num(&args[0], who)? {
        Num::I(n) => Ok(Value::Int(n)),
        Num::R(x) => Ok(Value::Real(f(x))),
    }
}

pub fn floor(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    rounding("floor", args, f64::floor)
}
pub fn ceiling(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    rounding("ceiling", args, f64::ceil)
}
pub fn round(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    rounding("round", args, f64::round_ties_even)
}
pub fn truncate(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    rounding("truncate", args, f64::trunc)
}

pub fn sqrt(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    let n = num(&args[0], "sqrt")?;
    if to_f(n) < 0.0 {
        return Err(SchemeError::runtime(format!("sqrt: negative argument {}", args[0])));
    }
    if let Num::I(i) = n {
        let r = (i as f64).sqrt().round() as i64;
        for c in [r - 1, r, r + 1] {
            if c >= 0 && c.checked_mul(c) == Some(i) {
                return Ok(Value::Int(c));
            }
        }
    }
    Ok(Value::Real(to_f(n).sqrt()))
}

pub fn square(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    let n = num(&args[0], "square")?;
    arith("square", n, n, i64::checked_mul, |x, y| x * y).map(from)
}

pub fn inexact(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    Ok(Value::Real(real(&args[0], "inexact")?))
}

pub fn exact(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    match num(&args[0], "exact")? {
        Num::I(n) => Ok(Value::Int(n)),
        Num::R(x)
            if x.fract() == 0.0
                && (-9.223_372_036_854_776e18..9.223_372_036_854_776e18).contains(&x) =>
        {
            Ok(Value::Int(x as i64))
        }
        Num::R(_) => Err(SchemeError::runtime(format!("exact: no exact integer for {}", args[0]))),
    }
}

pub fn number_to_string(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    let radix = match args.get(1) {
        None => 10,
        Some(Value::Int(r)) if [2, 8, 10, 16].contains(r) => *r as u32,
        Some(v) => return Err(type_error("number->string", "a radix (2, 8, 10 or 16)", v)),
    };
    let mut s = String::new();
    match num(&args[0], "number->string")? {
        Num::I(n) if radix != 10 => {
            if n < 0 {
                s.push('-');
            }
            let mut digits = Vec::new();
            let mut m = n.unsigned_abs();
            loop {
                digits.push(
                    std::char::from_digit((m % u64::from(radix)) as u32, radix).unwrap_or('?'),
                );
                m /= u64::from(radix);
                if m == 0 {
                    break;
                }
            }
            s.extend(digits.iter().rev());
        }
        Num::I(n) => s.push_str(&n.to_string()),
        Num::R(x) => format_real(x, &mut s),
    }
    Ok(Value::string(&s))
}

pub fn string_to_number(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    match &args[0] {
        Value::Str(s) => Ok(parse_number(s).ok().flatten().unwrap_or(Value::Bool(false))),
        v => Err(type_error("string->number", "a string", v)),
    }
}

fn pred(args: &[Value], who: &str, f: fn(Num) -> bool) -> Result<Value> {
    Ok(Value::Bool(f(num(&args[0], who)?)))
}

pub fn is_number(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    Ok(Value::Bool(args[0].is_number()))
}
pub fn is_integer(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    Ok(Value::Bool(match args[0] {
        Value::Int(_) => true,
        Value::Real(x) => x.is_finite() && x.fract() == 0.0,
        _ => false,
    }))
}
pub fn is_rational(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    Ok(Value::Bool(match args[0] {
        Value::Int(_) => true,
        Value::Real(x) => x.is_finite(),
        _ => false,
    }))
}
pub fn is_exact(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    pred(args, "exact?", |n| matches!(n, Num::I(_)))
}
pub fn is_inexact(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    pred(args, "inexact?", |n| matches!(n, Num::R(_)))
}
pub fn is_exact_integer(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    Ok(Value::Bool(matches!(args[0], Value::Int(_))))
}
pub fn is_zero(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    pred(args, "zero?", |n| to_f(n) == 0.0)
}
pub fn is_positive(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    pred(args, "positive?", |n| match n {
        Num::I(i) => i > 0,
        Num::R(x) => x > 0.0,
    })
}
pub fn is_negative(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    pred(args, "negative?", |n| match n {
        Num::I(i) => i < 0,
        Num::R(x) => x < 0.0,
    })
}

fn parity(who: &str, v: &Value) -> Result<i64> {
    match v {
        Value::Int(n) => Ok(n.rem_euclid(2)),
        Value::Real(x) if x.is_finite() && x.fract() == 0.0 => Ok(x.rem_euclid(2.0) as i64),
        _ => Err(type_error(who, "an integer", v)),
    }
}
pub fn is_even(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    Ok(Value::Bool(parity("even?", &args[0])? == 0))
}
pub fn is_odd(_: &mut Ctx, args: &[Value]) -> Result<Value> {
    Ok(Value::Bool(parity("odd?", &args[0])? == 1))
}

/// Uniform integer in `0..n` without modulo bias.
fn below(ctx: &mut Ctx, n: u64) -> u64 {
    let zone = u64::MAX - (u64::MAX % n) - 1;
    loop {
        let x = ctx.rng.next_u64();
        if x <= zone {
            return x % n;
        }
    }
}

/// `(random n)`: integer in `[0, n)` for an integer n > 0, real in `[0, n)` for a real n > 0.
pub fn random(ctx: &mut Ctx, args: &[Value]) -> Result<Value> {
    match args[0] {
        Value::Int(n) if n > 0 => Ok(Value::Int(below(ctx, n as u64) as i64)),
        Value::Real(x) if x > 0.0 && x.is_finite() => {
            let unit = (ctx.rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64);
            Ok(Value::Real(unit * x))
        }
        ref v => Err(type_error("random", "a positive number", v)),
    }
}
