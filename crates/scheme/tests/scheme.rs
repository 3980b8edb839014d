//! The Scheme interpreter used for user strategies: language, builtins, errors with places,
//! step budget, recursion depth, tail calls, and a CodeAbbey-style Pig player.
// Test code: a failed unwrap is a failed test, and a test may time what it runs.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    clippy::disallowed_types
)]

use rand_core::RngCore;
use scheme::*;

/// Deterministic test generator (splitmix64).
struct TestRng(u64);

impl RngCore for TestRng {
    fn next_u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn fill_bytes(&mut self, dst: &mut [u8]) {
        for chunk in dst.chunks_mut(8) {
            let v = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&v[..chunk.len()]);
        }
    }
}

const BIG: u64 = 100_000_000;

fn load(src: &str) -> Program {
    Program::load(src, 1_000_000, &mut TestRng(1)).unwrap_or_else(|e| panic!("{src}\n=> {e}"))
}

/// Evaluates `body` as the body of a procedure; the result in `write` syntax.
fn eval(body: &str) -> Result<String, SchemeError> {
    let mut rng = TestRng(1);
    let mut p = Program::load(&format!("(define (main)\n{body})"), 1_000_000, &mut rng)?;
    Ok(p.call("main", &[], BIG, &mut rng)?.to_string())
}

/// Runs a table of (body, expected written value), reporting every mismatch at once.
fn check(cases: &[(&str, &str)]) {
    let mut failures = Vec::new();
    for (src, want) in cases {
        match eval(src) {
            Ok(got) if got == *want => {}
            Ok(got) => failures.push(format!("{src}\n    want {want}\n    got  {got}")),
            Err(e) => {
                failures.push(format!("{src}\n    want {want}\n    error {e} ({:?})", e.kind))
            }
        }
    }
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

/// Loads `src` and calls `(main)`; the error it must give.
fn error_of(src: &str, budget: u64) -> SchemeError {
    let mut rng = TestRng(1);
    let result = Program::load(src, budget, &mut rng)
        .and_then(|mut p| p.call("main", &[], budget, &mut rng));
    match result {
        Ok(v) => panic!("{src}\n=> expected an error, got {v}"),
        Err(e) => e,
    }
}

fn check_errors(cases: &[(&str, ErrorKind, &str)]) {
    let mut failures = Vec::new();
    for (src, kind, want) in cases {
        let e = error_of(src, 100_000);
        if e.kind != *kind || e.to_string() != *want {
            failures.push(format!("{src}\n    want {kind:?} {want}\n    got  {:?} {e}", e.kind));
        }
    }
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn special_forms() {
    check(&[
        // quote
        ("'a", "a"),
        ("'(1 . 2)", "(1 . 2)"),
        ("(quote (a b))", "(a b)"),
        ("'()", "()"),
        ("''a", "(quote a)"),
        ("'(1 (2 \"s\") #t . x)", "(1 (2 \"s\") #t . x)"),
        // if
        ("(if #t 1 2)", "1"),
        ("(if #f 1 2)", "2"),
        ("(if '() 'yes 'no)", "yes"),
        ("(if 0 'yes 'no)", "yes"),
        ("(if #f #f)", "#<void>"),
        // define, lambda, variadics, internal defines
        ("(define x 10) (define (f y) (+ x y)) (f 5)", "15"),
        ("(define (f . xs) xs) (f 1 2 3)", "(1 2 3)"),
        ("(define (f a b . r) (list a b r)) (f 1 2 3 4)", "(1 2 (3 4))"),
        ("(define (f a b . r) r) (f 1 2)", "()"),
        ("(define f (lambda (x) (* x x))) (f 7)", "49"),
        ("((lambda (x y) (* x y)) 6 7)", "42"),
        ("((lambda args args) 1 2)", "(1 2)"),
        ("((lambda args args))", "()"),
        ("((lambda (a . b) (list a b)) 1 2 3)", "(1 (2 3))"),
        ("(define (f x) (define y (* x 2)) (define (g z) (+ y z)) (g 1)) (f 10)", "21"),
        ("(define (f) (define a 1) (set! a (+ a 1)) (define b (* a 10)) b) (f)", "20"),
        ("(define (ev? n) (if (= n 0) #t (od? (- n 1)))) (define (od? n) (if (= n 0) #f (ev? (- n 1)))) (ev? 11)", "#f"),
        // let family
        ("(let ((x 1) (y 2)) (+ x y))", "3"),
        ("(let () 5)", "5"),
        ("(let ((x 1)) (let ((x 2) (y x)) y))", "1"),
        ("(let ((f (lambda (x) (+ x 1)))) (f 1))", "2"),
        ("(let ((x 1)) (define y 2) (+ x y))", "3"),
        ("(let* ((x 1) (y (+ x 1))) (* x y))", "2"),
        ("(let* () 4)", "4"),
        ("(let* ((x 1) (x (+ x 1))) x)", "2"),
        ("(letrec ((ev? (lambda (n) (if (= n 0) #t (od? (- n 1))))) (od? (lambda (n) (if (= n 0) #f (ev? (- n 1)))))) (ev? 100))", "#t"),
        ("(letrec* ((a 1) (b (+ a 1))) b)", "2"),
        ("(letrec ((fact (lambda (n) (if (= n 0) 1 (* n (fact (- n 1))))))) (fact 10))", "3628800"),
        ("(let loop ((i 0) (acc '())) (if (= i 3) (reverse acc) (loop (+ i 1) (cons i acc))))", "(0 1 2)"),
        ("(let loop ((i 0)) (when (< i 5) (loop (+ i 1))))", "#<void>"),
        // begin, set!
        ("(begin 1 2 3)", "3"),
        ("(begin)", "#<void>"),
        ("(define x 1) (set! x 5) x", "5"),
        ("(let ((x 1)) (set! x (+ x 1)) x)", "2"),
        ("(let ((x 1)) (set! x 2))", "#<void>"),
        // and / or / when / unless / not
        ("(and)", "#t"),
        ("(and 1 2)", "2"),
        ("(and 1 #f 3)", "#f"),
        ("(or)", "#f"),
        ("(or #f 2)", "2"),
        ("(or #f #f)", "#f"),
        ("(let ((x 0)) (or (begin (set! x 1) #f) (begin (set! x (+ x 10)) x)))", "11"),
        ("(when (> 2 1) 'a 'b)", "b"),
        ("(when #f 'a)", "#<void>"),
        ("(unless #f 'x)", "x"),
        ("(unless #t 'x)", "#<void>"),
        // cond
        ("(cond (#f 1) ((= 1 1) 2) (else 3))", "2"),
        ("(cond (#f 1) (else 2 3))", "3"),
        ("(cond (#f 1))", "#<void>"),
        ("(cond ((assv 2 '((1 . a) (2 . b))) => cdr) (else 'none))", "b"),
        ("(cond ((assv 9 '((1 . a))) => cdr) (else 'none))", "none"),
        ("(cond (42))", "42"),
        ("(cond (#f) (else 'e))", "e"),
        // case
        ("(case (* 2 3) ((2 3 5 7) 'prime) ((1 4 6 8 9) 'composite))", "composite"),
        ("(case 'x ((a) 1) (else 2))", "2"),
        ("(case 'b ((a) 1) ((b c) 2) (else 3))", "2"),
        ("(case 5 ((5) => (lambda (x) (* x 10))) (else 0))", "50"),
        ("(case 7 ((5) 1) (else => (lambda (x) (+ x 1))))", "8"),
        ("(case 1 ((2) 'no))", "#<void>"),
        ("(case 2.5 ((2.5) 'real) (else 'other))", "real"),
        ("(case \"s\" ((\"s\") 'same) (else 'different))", "different"),
        // do
        ("(do ((i 0 (+ i 1)) (s 0 (+ s i))) ((= i 5) s))", "10"),
        ("(define v '()) (do ((i 0 (+ i 1))) ((= i 3)) (set! v (cons i v))) v", "(2 1 0)"),
        ("(do ((i 0 (+ i 1)) (k 7)) ((= i 2) k))", "7"),
        ("(do ((vec '() (cons i vec)) (i 0 (+ i 1))) ((= i 3) vec))", "(2 1 0)"),
        // quasiquote
        ("`(1 ,(+ 1 1) ,@(list 3 4) 5)", "(1 2 3 4 5)"),
        ("`(a . ,(+ 1 2))", "(a . 3)"),
        ("`x", "x"),
        ("`(1 (2 ,(* 3 3)))", "(1 (2 9))"),
        // comments and literals
        ("; line comment\n(+ 1 #| block #| nested |# |# 2) #;(ignored form)", "3"),
        ("(list 1 #;2 3)", "(1 3)"),
        ("(list #t #f #true #false)", "(#t #f #t #f)"),
        ("(list -5 +5 1.5e3 .5 -0.25 1e-7)", "(-5 5 1500.0 0.5 -0.25 1e-7)"),
        ("\"a\\nb\\t\\\"q\\\"\\\\\"", "\"a\\nb\\t\\\"q\\\"\\\\\""),
        ("(string-length \"\\x41;bc\")", "3"),
        ("(list #\\a #\\space)", "(#\\a #\\space)"),
        ("[let ([x 2]) (* x x)]", "4"),
        ("(define Foo 1) (define foo 2) (list Foo foo)", "(1 2)"),
        ("(list 'sym 'with-dash? '+ '- '... '<=?)", "(sym with-dash? + - ... <=?)"),
    ]);
}

#[test]
fn list_builtins() {
    check(&[
        ("(car '(1 2))", "1"),
        ("(cdr '(1 2))", "(2)"),
        ("(cons 1 2)", "(1 . 2)"),
        ("(cons 1 '())", "(1)"),
        ("(caar '((1) 2))", "1"),
        ("(cadr '(1 2 3))", "2"),
        ("(cdar '((1 5) 2))", "(5)"),
        ("(cddr '(1 2 3))", "(3)"),
        ("(caddr '(1 2 3))", "3"),
        ("(cdddr '(1 2 3 4))", "(4)"),
        ("(cadddr '(1 2 3 4))", "4"),
        ("(let ((p (list 1 2))) (set-car! p 9) (set-cdr! (cdr p) '(3)) p)", "(9 2 3)"),
        ("(list)", "()"),
        ("(list 1 (list 2) '())", "(1 (2) ())"),
        ("(length '(1 2 3))", "3"),
        ("(length '())", "0"),
        ("(append '(1) '(2 3) '() '(4))", "(1 2 3 4)"),
        ("(append)", "()"),
        ("(append '(1) 2)", "(1 . 2)"),
        ("(let ((a (list 1))) (eq? (cdr (append '(0) a)) a))", "#t"),
        ("(reverse '(1 2 3))", "(3 2 1)"),
        ("(reverse '())", "()"),
        ("(list-ref '(a b c) 1)", "b"),
        ("(list-tail '(a b c) 2)", "(c)"),
        ("(list-tail '(a b c) 3)", "()"),
        ("(assq 'b '((a 1) (b 2)))", "(b 2)"),
        ("(assq 'z '((a 1)))", "#f"),
        ("(assv 2 '((1 . a) (2 . b)))", "(2 . b)"),
        ("(assoc \"b\" '((\"a\" . 1) (\"b\" . 2)))", "(\"b\" . 2)"),
        ("(assoc '(1) '(((1) . x)))", "((1) . x)"),
        ("(memq 'c '(a b c d))", "(c d)"),
        ("(memv 3 '(1 2))", "#f"),
        ("(memv 2.0 '(1 2.0 3))", "(2.0 3)"),
        ("(member '(1) '((0) (1) (2)))", "((1) (2))"),
        ("(map (lambda (x) (* x x)) '(1 2 3))", "(1 4 9)"),
        ("(map + '(1 2 3) '(10 20 30))", "(11 22 33)"),
        ("(map list '(1 2 3) '(a b))", "((1 a) (2 b))"),
        ("(map car '())", "()"),
        ("(let ((s 0)) (for-each (lambda (x) (set! s (+ s x))) '(1 2 3)) s)", "6"),
        ("(let ((s '())) (for-each (lambda (a b) (set! s (cons (* a b) s))) '(1 2) '(3 4)) s)", "(8 3)"),
        ("(for-each display '())", "#<void>"),
        ("(apply + 1 2 '(3 4))", "10"),
        ("(apply list '())", "()"),
        ("(apply max '(3 9 2))", "9"),
        ("(apply apply (list + (list 1 2)))", "3"),
        ("(apply + (let loop ((i 0) (acc '())) (if (= i 100000) acc (loop (+ i 1) (cons i acc)))))", "4999950000"),
        ("(apply (lambda (a . r) r) '(1 2 3))", "(2 3)"),
        ("(filter odd? '(1 2 3 4 5))", "(1 3 5)"),
        ("(fold-left cons '() '(1 2))", "((() . 1) . 2)"),
        ("(fold-right cons '() '(1 2))", "(1 2)"),
        ("(fold + 0 '(1 2 3))", "6"),
        ("(reduce max 0 '(3 8 1))", "8"),
        ("(list-copy '(1 2))", "(1 2)"),
        ("(last-pair '(1 2 3))", "(3)"),
        // predicates
        ("(list (null? '()) (null? '(1)) (null? #f))", "(#t #f #f)"),
        ("(list (pair? '(1)) (pair? '()) (pair? 5))", "(#t #f #f)"),
        ("(list (list? '(1 2)) (list? '()) (list? '(1 . 2)) (list? 5))", "(#t #t #f #f)"),
        ("(let ((l (list 1 2))) (set-cdr! (cdr l) l) (list? l))", "#f"),
        ("(list (boolean? #f) (boolean? 0) (boolean? '()))", "(#t #f #f)"),
        ("(list (procedure? car) (procedure? (lambda () 1)) (procedure? 'car))", "(#t #t #f)"),
        ("(list (symbol? 'a) (symbol? \"a\") (string? \"a\") (string? 'a))", "(#t #f #t #f)"),
        ("(list (not #f) (not 0) (not '()))", "(#t #f #f)"),
        // equivalence
        ("(list (eq? 'a 'a) (eq? '() '()) (eq? (list 1) (list 1)))", "(#t #t #f)"),
        ("(let ((x (list 1))) (eq? x x))", "#t"),
        ("(list (eqv? 1.5 1.5) (eqv? 2 2.0) (eqv? 100 100) (eqv? #\\a #\\a))", "(#t #f #t #t)"),
        ("(equal? '(1 (2 3) \"s\") (list 1 (list 2 3) \"s\"))", "#t"),
        ("(list (equal? \"ab\" \"ab\") (equal? '(1 2) '(1 2 3)) (equal? 2 2.0))", "(#t #f #f)"),
        // strings and symbols
        ("(string-append \"a\" \"bc\" \"\")", "\"abc\""),
        ("(symbol->string 'ab)", "\"ab\""),
        ("(string->symbol \"xy\")", "xy"),
        ("(string-length \"hello\")", "5"),
        ("(string=? \"a\" \"a\")", "#t"),
        ("(string->number \"42\")", "42"),
        ("(string->number \"nope\")", "#f"),
        ("car", "#<procedure car>"),
        ("(define (sq x) (* x x)) sq", "#<procedure sq>"),
        ("(lambda (x) x)", "#<procedure>"),
    ]);
}

#[test]
fn numbers() {
    check(&[
        ("(+)", "0"),
        ("(*)", "1"),
        ("(+ 1 2 3)", "6"),
        ("(- 5)", "-5"),
        ("(- 10 1 2)", "7"),
        ("(* 2 3 4)", "24"),
        ("(/ 12 4)", "3"),
        ("(/ 1 2)", "0.5"),
        ("(/ 2)", "0.5"),
        ("(/ 8 2 2)", "2"),
        ("(/ -9 3)", "-3"),
        ("(+ 1 2.5)", "3.5"),
        ("(* 1.5 2)", "3.0"),
        ("(- 0.5 0.25)", "0.25"),
        ("(list (= 1 1 1) (= 1 1 2) (= 1 1.0))", "(#t #f #t)"),
        ("(list (< 1 2 3) (< 1 3 2) (> 3 2 1) (<= 1 1 2) (>= 3 3 1) (> 2.5 2))", "(#t #f #t #t #t #t)"),
        ("(list (quotient 17 5) (quotient -17 5) (quotient 17 -5))", "(3 -3 -3)"),
        ("(list (remainder 17 5) (remainder -17 5) (remainder 17 -5))", "(2 -2 2)"),
        ("(list (modulo 17 5) (modulo -17 5) (modulo 17 -5) (modulo -17 -5))", "(2 3 -3 -2)"),
        ("(modulo 7.0 2)", "1.0"),
        ("(list (abs -7) (abs 7) (abs -2.5))", "(7 7 2.5)"),
        ("(list (min 3 1 2) (max 3 1 2) (max 1 2.0) (min 1 2.0))", "(1 3 2.0 1.0)"),
        ("(list (expt 2 10) (expt 2 -1) (expt 2.0 3) (expt 0 0) (expt -1 3) (expt 4 0.5))", "(1024 0.5 8.0 1 -1 2.0)"),
        ("(list (gcd 12 18) (gcd) (gcd -4 6) (lcm 4 6) (lcm) (lcm 3 0))", "(6 0 2 12 1 0)"),
        ("(list (floor 2.5) (ceiling 2.1) (truncate -2.7) (floor -2.5))", "(2.0 3.0 -2.0 -3.0)"),
        ("(list (round 2.5) (round 3.5) (round -2.5) (round 2.6))", "(2.0 4.0 -2.0 3.0)"),
        ("(list (floor 5) (round 5) (ceiling -3) (truncate 9))", "(5 5 -3 9)"),
        ("(list (sqrt 16) (sqrt 2) (sqrt 2.25) (sqrt 0))", "(4 1.4142135623730951 1.5 0)"),
        ("(list (exact->inexact 1) (inexact->exact 2.0) (exact (floor 2.7)) (inexact 3))", "(1.0 2 2 3.0)"),
        (
            "(list (number->string 42) (number->string 2.5) (number->string 255 16) (number->string -5 2))",
            "(\"42\" \"2.5\" \"ff\" \"-101\")",
        ),
        (
            "(list (number? 1) (number? 1.5) (number? 'a) (integer? 2) (integer? 2.0) (integer? 2.5))",
            "(#t #t #f #t #t #f)",
        ),
        ("(list (exact? 1) (exact? 1.0) (inexact? 1.0) (exact-integer? 3) (real? 1))", "(#t #f #t #t #t)"),
        (
            "(list (zero? 0) (zero? 0.0) (zero? 1) (positive? 2) (positive? 0) (negative? -1) (negative? 0))",
            "(#t #t #f #t #f #t #f)",
        ),
        ("(list (even? 0) (even? 3) (odd? 3) (odd? -3) (even? -4) (even? 4.0))", "(#t #f #t #t #t #t)"),
        ("(- 9223372036854775807 1)", "9223372036854775806"),
        ("(+ -9223372036854775807 -1)", "-9223372036854775808"),
        ("(* 3037000499 3037000499)", "9223372030926249001"),
        ("(/ 1.0 3)", "0.3333333333333333"),
        ("(* 1.0 1e20)", "1e20"),
        ("(list 1e300 1.5e-10 123456.789)", "(1e300 1.5e-10 123456.789)"),
        ("(square 5)", "25"),
        ("(exact (round 7.5))", "8"),
    ]);
}

#[test]
fn errors_name_their_place() {
    use ErrorKind::*;
    check_errors(&[
        // syntax
        ("(define (main)\n  (+ 1 2)", Syntax, "1:1: unclosed '(' opened here"),
        ("(define (main) 1))", Syntax, "1:18: unexpected ')'"),
        ("(define (main)\n  (let ((x 1) y) x))", Syntax, "2:15: malformed let binding"),
        ("(define (main) (let ((x 1) (x 2)) x))", Syntax, "1:29: duplicate variable x in let"),
        ("(define (main) (if))", Syntax, "1:16: malformed if"),
        ("(define (main) (if 1 2 3 4))", Syntax, "1:16: malformed if"),
        ("(define (main) (lambda (x)))", Syntax, "1:16: malformed lambda"),
        ("(define (main) (lambda (x x) x))", Syntax, "1:27: duplicate parameter x"),
        ("(define (main) (let loop))", Syntax, "1:16: malformed named let"),
        (
            "(define (main) (cond (else 1) (#t 2)))",
            Syntax,
            "1:22: else must be the last cond clause and have a body",
        ),
        ("(define (main) (case))", Syntax, "1:16: malformed case"),
        ("(define (main) (set! 5 1))", Syntax, "1:16: malformed set!"),
        ("(define (main) (quote))", Syntax, "1:16: malformed quote"),
        (
            "(define (main) ())",
            Syntax,
            "1:16: malformed expression () (write '() for the empty list)",
        ),
        (
            "(define (main) (if 1 (define x 1) 2))",
            Syntax,
            "1:22: define is only allowed at the top level or at the start of a body",
        ),
        ("(define (main) (define-syntax x 1))", Syntax, "1:16: define-syntax is not supported"),
        ("(define (main) \"abc)", Syntax, "1:16: unterminated string"),
        ("(define (main) #| open", Syntax, "1:16: unterminated block comment '#|'"),
        ("(define (main) [1 2)", Syntax, "1:20: ')' does not match '[' at 1:16"),
        ("(define (main) 1.2.3)", Syntax, "1:16: bad number: 1.2.3"),
        (
            "(define (main) 99999999999999999999)",
            Syntax,
            "1:16: integer literal out of range: 99999999999999999999",
        ),
        ("(define (main) ')", Syntax, "1:16: expected a datum after quote prefix"),
        ("(define (main) (1 . ))", Syntax, "1:19: unexpected '.'"),
        ("(define (main) #\\bogus)", Syntax, "1:16: unknown character name '#\\bogus'"),
        ("(define (main) #(1 2))", Syntax, "1:16: vectors '#(...)' are not supported"),
        ("(define (main) \"\\q\")", Syntax, "1:17: unknown escape '\\q' in string"),
        // unbound variables (found when loading)
        ("(define (main)\n  (+ 1 foo))", Runtime, "2:8: unbound variable: foo"),
        ("(define (main) (set! zz 1))", Runtime, "1:22: unbound variable: zz"),
        ("(define (main) (vector 1 2))", Runtime, "1:17: unbound variable: vector"),
        // runtime: types, arity, calls
        ("(define (main)\n  (car 5))", Runtime, "2:3: car: expected a pair, got 5"),
        ("(define (main) (cdr '()))", Runtime, "1:16: cdr: expected a pair, got ()"),
        ("(define (main) (+ 1 \"2\"))", Runtime, "1:16: +: expected a number, got \"2\""),
        ("(define (main) (< 1 'a))", Runtime, "1:16: <: expected a number, got a"),
        ("(define (main) (vector-ref 1 2))", Runtime, "1:17: unbound variable: vector-ref"),
        (
            "(define (main) (length '(1 . 2)))",
            Runtime,
            "1:16: length: expected a proper list, got (1 . 2)",
        ),
        (
            "(define (main) (list-ref '(1 2) 5))",
            Runtime,
            "1:16: list-ref: index 5 is out of range for (1 2)",
        ),
        (
            "(define (f a b) a)\n(define (main) (f 1))",
            Runtime,
            "2:16: f: expected 2 arguments, got 1",
        ),
        (
            "(define (f a . r) a)\n(define (main) (f))",
            Runtime,
            "2:16: f: expected at least 1 argument, got 0",
        ),
        ("(define (main) (car 1 2))", Runtime, "1:16: car: expected 1 argument, got 2"),
        (
            "(define (main) ((lambda (x) x)))",
            Runtime,
            "1:16: anonymous procedure: expected 1 argument, got 0",
        ),
        (
            "(define (main) (let loop ((i 0)) (if (< i 10) (loop))))",
            Runtime,
            "1:47: loop: expected 1 argument, got 0",
        ),
        ("(define (main) (5 3))", Runtime, "1:16: attempt to call a non-procedure: 5"),
        (
            "(define (main) ((car (list \"f\")) 3))",
            Runtime,
            "1:16: attempt to call a non-procedure: \"f\"",
        ),
        (
            "(define (main)\n  (error \"too big:\" 42 'x \"s\"))",
            Runtime,
            "2:3: too big: 42 x \"s\"",
        ),
        ("(define (main) (/ 5 0))", Runtime, "1:16: /: division by zero"),
        ("(define (main) (/ 5.0 0.0))", Runtime, "1:16: /: division by zero"),
        ("(define (main) (modulo 5 0))", Runtime, "1:16: modulo: division by zero"),
        ("(define (main) (* 9223372036854775807 2))", Runtime, "1:16: *: integer overflow"),
        ("(define (main) (+ 9223372036854775807 1))", Runtime, "1:16: +: integer overflow"),
        ("(define (main) (- -9223372036854775808 1))", Runtime, "1:16: -: integer overflow"),
        ("(define (main) (abs -9223372036854775808))", Runtime, "1:16: abs: integer overflow"),
        ("(define (main) (expt 10 30))", Runtime, "1:16: expt: integer overflow"),
        (
            "(define (main) (quotient -9223372036854775808 -1))",
            Runtime,
            "1:16: quotient: integer overflow",
        ),
        ("(define (main) (sqrt -4))", Runtime, "1:16: sqrt: negative argument -4"),
        ("(define (main) (inexact->exact 2.5))", Runtime, "1:16: exact: no exact integer for 2.5"),
        ("(define (main) (random 0))", Runtime, "1:16: random: expected a positive number, got 0"),
        ("(define (main) (apply + 1 2))", Runtime, "1:16: apply: expected a proper list, got 2"),
        (
            "(define (main) (letrec ((a b) (b 1)) a))",
            Runtime,
            "1:28: b: used before its definition",
        ),
        (
            "(define (main) (define a b) (define b 1) a)",
            Runtime,
            "1:26: b: used before its definition",
        ),
        (
            "(define x y)\n(define y 1)\n(define (main) x)",
            Runtime,
            "1:11: unbound variable: y (used before its definition)",
        ),
        // errors inside map/for-each are reported at the user's call
        ("(define (main)\n  (map car '(1 2)))", Runtime, "2:3: car: expected a pair, got 1"),
        (
            "(define (main)\n  (for-each (lambda (x y) x) '(1 2)))",
            Runtime,
            "2:3: anonymous procedure: expected 2 arguments, got 1",
        ),
        ("(define (main) (map car 5))", Runtime, "1:16: map: expected a proper list, got 5"),
        (
            "(define (main) (map (lambda (x) (car x)) '(7)))",
            Runtime,
            "1:33: car: expected a pair, got 7",
        ),
    ]);
}

#[test]
fn errors_from_rust_calls() {
    let mut rng = TestRng(3);
    let mut p = load("(define x 5)\n(define (player a b c d e) #t)");
    let e = p.call("nope", &[], 1000, &mut rng).unwrap_err();
    assert_eq!((e.kind, e.to_string()), (ErrorKind::Runtime, "unbound variable: nope".to_string()));
    let e = p.call("x", &[], 1000, &mut rng).unwrap_err();
    assert_eq!(
        (e.kind, e.to_string()),
        (ErrorKind::Runtime, "x is not a procedure: 5".to_string())
    );
    let args = [Value::int(0), Value::int(0), Value::int(0), Value::int(4)];
    let e = p.call("player", &args, 1000, &mut rng).unwrap_err();
    assert_eq!(
        (e.kind, e.to_string()),
        (ErrorKind::Runtime, "2:10: player: expected 5 arguments, got 4".to_string())
    );
    // The program still works after errors.
    let state = Value::list(vec![Value::int(0)]);
    let args = [Value::int(0), Value::int(0), Value::int(0), Value::int(4), state];
    assert_eq!(p.call("player", &args, 1000, &mut rng).unwrap().as_bool(), Some(true));
    // Errors in top-level expressions show up from load.
    let e = Program::load("(define a 1)\n(car a)", 1000, &mut rng).unwrap_err();
    assert_eq!(e.to_string(), "2:1: car: expected a pair, got 1");
    // Error values implement std::error::Error.
    let boxed: Box<dyn std::error::Error> = Box::new(e);
    assert!(boxed.to_string().contains("car"));
}

#[test]
fn step_budget_stops_infinite_loops() {
    let src = "(define (player a b c d e) (let loop () (loop)))";
    let mut rng = TestRng(1);
    let mut p = Program::load(src, 1000, &mut rng).unwrap();
    let args: Vec<Value> = (0..5).map(Value::int).collect();
    let e = p.call("player", &args, 100_000, &mut rng).unwrap_err();
    assert_eq!(e.kind, ErrorKind::StepBudget);
    assert_eq!(e.to_string(), "1:42: step budget of 100000 exhausted (infinite loop?)");
    assert_eq!(p.last_steps(), 100_000);
    // Same result every time (deterministic).
    let e2 = p.call("player", &args, 100_000, &mut rng).unwrap_err();
    assert_eq!(e, e2);

    // Other shapes of non-termination, including loops inside builtins.
    for (src, place) in [
        ("(define (main) (main))", "1:16"),
        ("(define (main) (do ((i 0 (+ i 1))) (#f)))", "1:16"),
        ("(define (main) (let ((l (list 1 2))) (set-cdr! (cdr l) l) (length l)))", "1:59"),
        ("(define (main) (let ((a (list 1)) (b (list 1))) (set-cdr! a a) (set-cdr! b b) (equal? a b)))", "1:79"),
        ("(define (main) (let ((l (list 1))) (set-cdr! l l) (map (lambda (x) x) l)))", "1:51"),
        ("(define (f n) (+ 1 (f n)))\n(define (main) (f 1))", "1:"),
    ] {
        let e = error_of(src, 50_000);
        let kind_ok = e.kind == ErrorKind::StepBudget || (e.kind == ErrorKind::Depth && src.contains("(+ 1 (f"));
        assert!(kind_ok && e.to_string().starts_with(place), "{src}: {e} ({:?})", e.kind);
    }

    // Loading has a budget too.
    let e = Program::load("(define (f) (f))\n(f)", 10_000, &mut rng).unwrap_err();
    assert_eq!(e.kind, ErrorKind::StepBudget);
    assert_eq!(e.to_string(), "1:13: step budget of 10000 exhausted (infinite loop?)");
}

#[test]
fn tail_calls_run_in_constant_space() {
    let mut rng = TestRng(1);
    let mut p = load(
        "(define (count n) (let loop ((i 0)) (if (< i n) (loop (+ i 1)) i)))
         (define (ev? n) (if (= n 0) #t (od? (- n 1))))
         (define (od? n) (if (= n 0) #f (ev? (- n 1))))
         (define (do-count n) (do ((i 0 (+ i 1)) (s 0 (+ s 1))) ((= i n) s)))
         (define (local n)
           (define (go i acc) (if (= i 0) acc (go (- i 1) (+ acc 1))))
           (go n 0))
         (define (cond-loop i) (cond ((= i 0) 'done) (else (cond-loop (- i 1)))))
         (define (and-loop i) (or (= i 0) (and #t (and-loop (- i 1)))))
         (define (apply-loop i) (if (= i 0) 'ok (apply apply-loop (list (- i 1)))))",
    );
    p.set_max_depth(50);
    let n = Value::int(1_000_000);
    let cases = [
        ("count", "1000000"),
        ("ev?", "#t"),
        ("do-count", "1000000"),
        ("local", "1000000"),
        ("cond-loop", "done"),
        ("and-loop", "#t"),
        ("apply-loop", "ok"),
    ];
    for (name, want) in cases {
        let v = p
            .call(name, std::slice::from_ref(&n), BIG, &mut rng)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(v.to_string(), want, "{name}");
    }
}

#[test]
fn deep_recursion_is_an_error_not_a_crash() {
    let mut rng = TestRng(1);
    let mut p =
        load("(define (f n) (if (= n 0) 0 (+ 1 (f (- n 1)))))\n(define (g n) (if (= n 0) '() (cons n (g (- n 1)))))");
    let e = p.call("f", &[Value::int(1_000_000)], BIG, &mut rng).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Depth);
    assert_eq!(
        e.to_string(),
        format!("1:34: recursion deeper than {DEFAULT_MAX_DEPTH} nested calls")
    );
    // Within the limit, deep recursion just works.
    assert_eq!(p.call("f", &[Value::int(90_000)], BIG, &mut rng).unwrap().to_string(), "90000");
    let list = p.call("g", &[Value::int(90_000)], BIG, &mut rng).unwrap();
    assert_eq!(list.to_vec().map(|v| v.len()), Some(90_000));
    // The limit is adjustable.
    p.set_max_depth(10);
    assert_eq!(p.max_depth(), 10);
    assert_eq!(p.call("f", &[Value::int(9)], BIG, &mut rng).unwrap().to_string(), "9");
    let e = p.call("f", &[Value::int(11)], BIG, &mut rng).unwrap_err();
    assert_eq!(e.to_string(), "1:34: recursion deeper than 10 nested calls");
    // Deep recursion through map (prelude) and apply also stops cleanly.
    let mut p = load("(define (h n) (if (= n 0) '(0) (map (lambda (x) (+ x 1)) (h (- n 1)))))");
    let e = p.call("h", &[Value::int(1_000_000)], BIG, &mut rng).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Depth);
}

#[test]
fn huge_and_deep_values_are_freed_without_overflow() {
    let mut rng = TestRng(1);
    let mut p = load(
        "(define (long n) (let loop ((i 0) (acc '())) (if (= i n) acc (loop (+ i 1) (cons i acc)))))
         (define (nested n) (let loop ((i 0) (acc '())) (if (= i n) acc (loop (+ i 1) (list acc)))))
         (define (closures n) (let loop ((i 0) (k (lambda () 0))) (if (= i n) k (loop (+ i 1) (lambda () (+ 1 (k)))))))
         (define (boxes n) (let loop ((i 0) (acc 0)) (if (= i n) acc (loop (+ i 1) (let ((b acc)) (lambda () (set! b 1) b))))))
         (define kept #f)
         (define (keep! v) (set! kept v) (length v))",
    );
    let n = [Value::int(1_000_000)];
    let l = p.call("long", &n, BIG, &mut rng).unwrap();
    assert_eq!(
        p.call("keep!", std::slice::from_ref(&l), BIG, &mut rng).unwrap().to_string(),
        "1000000"
    );
    drop(l);
    let nested = p.call("nested", &n, BIG, &mut rng).unwrap();
    let shown = nested.to_string();
    assert!(shown.starts_with("((((((") && shown.ends_with("..."), "{}", &shown[..20]);
    drop(nested);
    drop(p.call("closures", &n, BIG, &mut rng).unwrap());
    drop(p.call("boxes", &n, BIG, &mut rng).unwrap());
    // Calling a million-deep closure chain is deep recursion: a Depth error, not a crash.
    let k = p.call("closures", &[Value::int(200_000)], BIG, &mut rng).unwrap();
    let e = p.apply(&k, &[], BIG, &mut rng).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Depth);
    drop(p);
}

#[test]
fn nesting_is_limited_without_overflow() {
    let mut rng = TestRng(1);
    let deep = "(".repeat(100_000);
    let e = Program::load(&deep, 1000, &mut rng).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!("1:{}: nesting deeper than {MAX_NESTING} levels", MAX_NESTING + 1)
    );
    let quotes = "'".repeat(100_000) + "a";
    assert_eq!(Program::load(&quotes, 1000, &mut rng).unwrap_err().kind, ErrorKind::Syntax);
    let comments = "#;".repeat(100_000) + "a";
    assert_eq!(Program::load(&comments, 1000, &mut rng).unwrap_err().kind, ErrorKind::Syntax);
    // Deep (but allowed) nesting of every kind compiles and runs, even on a small stack in
    // release builds (debug builds use much bigger frames).
    let n = MAX_NESTING - 10;
    let programs: Vec<(String, String)> = vec![
        (format!("{}0{}", "(+ 1 ".repeat(n), ")".repeat(n)), n.to_string()),
        (format!("{}1{}", "(let ((x ".repeat(n / 3), ")) x)".repeat(n / 3)), "1".into()),
        (format!("{}7{}", "((lambda () ".repeat(n / 2), "))".repeat(n / 2)), "7".into()),
        (format!("(({}7{}))", "(lambda () ".repeat(n), ")".repeat(n)), "#<procedure>".into()),
        (format!("(cond {} (else 5))", "((= 1 2) 1) ".repeat(n)), "5".into()),
        (format!("(case 0 {} (else 5))", "((1) 1) ".repeat(n)), "5".into()),
        (format!("(let* ({}) 3)", "(x 1) ".repeat(n)), "3".into()),
        (format!("(length `({}))", ",(+ 1 1) ".repeat(n - 5)), (n - 5).to_string()),
        (
            format!("(car '{}1{})", "(".repeat(n), ")".repeat(n)),
            format!("{}1{}", "(".repeat(n - 1), ")".repeat(n - 1)),
        ),
        (format!("{}1{}", "(if #t ".repeat(n), " 0)".repeat(n)), "1".into()),
        (
            format!("{}1{}", "(do ((i 0 (+ i 1))) ((= i 1) ".repeat(n / 3), "))".repeat(n / 3)),
            "1".into(),
        ),
        (format!("{}1{}", "(cond (#t ".repeat(n / 2), "))".repeat(n / 2)), "1".into()),
        (
            format!("{}1{}", "(let () (define (f) ".repeat(n / 3), ") (f))".repeat(n / 3)),
            "1".into(),
        ),
    ];
    let stack = if cfg!(debug_assertions) { 64 << 20 } else { 1 << 20 };
    let handle = std::thread::Builder::new()
        .stack_size(stack)
        .spawn(move || {
            let mut failures = Vec::new();
            for (src, want) in programs {
                match eval(&src) {
                    Ok(got) if got == want => {}
                    other => failures.push(format!("{}...: {other:?}", &src[..30])),
                }
            }
            failures
        })
        .unwrap();
    let failures = handle.join().unwrap();
    assert!(failures.is_empty(), "{failures:#?}");
    // Too many levels through long clause lists is refused cleanly too.
    let e =
        eval(&format!("(cond {} (else 5))", "((= 1 2) 1) ".repeat(2 * MAX_NESTING))).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Syntax);
    assert!(e.message.contains("nested deeper"), "{e}");
}

#[test]
fn pairs_passed_in_keep_identity() {
    let mut rng = TestRng(1);
    let mut p = load(
        "(define (player my-total other-total accum current state)
           (set-car! state (+ (car state) 1))
           (set-cdr! state (list my-total))
           (car state))",
    );
    let state = Value::list(vec![Value::int(0)]);
    for i in 1..=3 {
        let args = [Value::int(10 * i), Value::int(0), Value::int(0), Value::int(4), state.clone()];
        let v = p.call("player", &args, 10_000, &mut rng).unwrap();
        assert_eq!(v.as_int(), Some(i));
    }
    assert_eq!(state.to_string(), "(3 30)");
    assert_eq!(state.car().and_then(|v| v.as_int()), Some(3));
}

#[test]
fn closures_and_global_state() {
    check(&[
        (
            "(define (make-counter) (let ((n 0)) (lambda () (set! n (+ n 1)) n)))
             (define a (make-counter)) (define b (make-counter))
             (a) (a) (b) (list (a) (b))",
            "(3 2)",
        ),
        (
            "(define (make-acc total) (lambda (x) (set! total (+ total x)) total))
             (define acc (make-acc 100)) (acc 10) (acc 10)",
            "120",
        ),
        ("(define fs (map (lambda (i) (lambda () i)) '(1 2 3))) (map (lambda (f) (f)) fs)", "(1 2 3)"),
        (
            "(define (adder n) (lambda (x) (+ x n))) (define add5 (adder 5)) (list (add5 1) ((adder 10) 1))",
            "(6 11)",
        ),
        (
            "(define (f) (define x 1) (define (get) x) (define (bump!) (set! x (+ x 1))) (bump!) (bump!) (get)) (f)",
            "3",
        ),
        ("(define v (let loop ((i 0) (acc '())) (if (= i 3) acc (loop (+ i 1) (cons (lambda () i) acc))))) (map (lambda (f) (f)) v)", "(2 1 0)"),
        ("(define (f) (let loop ((i 0)) (if (< i 3) (begin (set! loop (lambda (j) 'replaced)) (loop 99)) i))) (f)", "replaced"),
    ]);
    // Globals persist between calls.
    let mut rng = TestRng(1);
    let mut p =
        load("(define calls 0)\n(define (player a b c d e) (set! calls (+ calls 1)) calls)");
    let args: Vec<Value> = (0..5).map(Value::int).collect();
    for i in 1..=3 {
        assert_eq!(p.call("player", &args, 1000, &mut rng).unwrap().as_int(), Some(i));
    }
    assert_eq!(p.global("calls").and_then(|v| v.as_int()), Some(3));
}

#[test]
fn builtins_can_be_redefined() {
    check(&[
        ("(define (car x) 'mine) (car '(1))", "mine"),
        ("(define (f) (car '(1))) (define (car x) 'mine) (f)", "mine"),
        ("(define (vector-ish . xs) 'v) (define list vector-ish) (define (g) (list 1 2)) (g)", "v"),
        // map and friends keep using the real builtins
        (
            "(define (reverse l) 'broken) (define (car x) 'broken) (map (lambda (x) x) '(1 2))",
            "(1 2)",
        ),
        ("(define (map f l) 'mine) (map car '((1)))", "mine"),
    ]);
    let mut rng = TestRng(1);
    let mut p = load("(define (f) (+ 1 2))\n(define (main) (set! + -) (f))");
    assert_eq!(p.call("main", &[], 1000, &mut rng).unwrap().to_string(), "-1");
}

#[test]
fn output_is_captured() {
    let mut rng = TestRng(1);
    let mut p = load(
        "(display \"loading\") (newline)
         (define (player a b c d e)
           (display \"turn \") (display (list a \"s\" #\\c 1.5)) (newline)
           (write (list \"s\" #\\c)) (newline)
           (display 'sym (current-output-port))
           #t)",
    );
    assert_eq!(p.take_output(), "loading\n");
    assert_eq!(p.take_output(), "");
    let args: Vec<Value> = (0..5).map(Value::int).collect();
    p.call("player", &args, 1000, &mut rng).unwrap();
    assert_eq!(p.take_output(), "turn (0 s c 1.5)\n(\"s\" #\\c)\nsym");
    // Circular structures print a bounded prefix instead of hanging.
    let mut p = load(
        "(define (main) (let ((l (list 1 2))) (set-cdr! (cdr l) l) (display l) (newline) 'ok))",
    );
    assert_eq!(p.call("main", &[], 100_000, &mut rng).unwrap().to_string(), "ok");
    let out = p.take_output();
    assert!(
        out.starts_with("(1 2 1 2 1 2") && out.contains("...") && out.len() < 3_000_000,
        "{}",
        out.len()
    );
    // The buffer is capped: endless printing ends at the budget with bounded output.
    let mut p = load(
        "(define (main) (let loop () (display \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\") (loop)))",
    );
    assert_eq!(p.call("main", &[], 10_000_000, &mut rng).unwrap_err().kind, ErrorKind::StepBudget);
    let out = p.take_output();
    assert!(out.len() < 1_100_000 && out.ends_with("[output truncated]\n"), "{}", out.len());
}

#[test]
fn strings_are_bounded() {
    let mut rng = TestRng(1);
    // Doubling a string would need 2^40 bytes: it stops at the length limit, with a message.
    let mut p = load("(define (main) (let loop ((s \"xy\")) (loop (string-append s s))))");
    let e = p.call("main", &[], BIG, &mut rng).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Runtime);
    assert!(e.to_string().contains("more than the limit of 1000000"), "{e}");
    // Under a small budget, copying large strings runs out of steps first.
    let mut p = load("(define big (let loop ((s \"x\") (i 0)) (if (= i 18) s (loop (string-append s s) (+ i 1)))))
                      (define (main) (let loop ((n 0)) (string-append big big) (loop (+ n 1))))");
    assert_eq!(p.call("main", &[], 100_000, &mut rng).unwrap_err().kind, ErrorKind::StepBudget);
    // Ordinary strings still work.
    assert_eq!(eval("(string-append \"a\" \"bc\" \"\")").unwrap(), "\"abc\"");
}

#[test]
fn random_uses_the_given_generator() {
    let src = "(define (roll n) (let loop ((i 0) (acc '())) (if (= i n) acc (loop (+ i 1) (cons (random 6) acc)))))
               (define (unit) (random 1.0))";
    let mut p = load(src);
    let rolls = |p: &mut Program, seed| {
        p.call("roll", &[Value::int(600)], BIG, &mut TestRng(seed)).unwrap().to_vec().unwrap()
    };
    let a = rolls(&mut p, 7);
    let b = rolls(&mut p, 7);
    let c = rolls(&mut p, 8);
    let ints: Vec<i64> = a.iter().map(|v| v.as_int().unwrap()).collect();
    assert!(ints.iter().all(|&x| (0..6).contains(&x)));
    for face in 0..6 {
        assert!(ints.iter().filter(|&&x| x == face).count() > 60, "face {face} too rare");
    }
    assert_eq!(
        a.iter().map(Value::to_string).collect::<Vec<_>>(),
        b.iter().map(Value::to_string).collect::<Vec<_>>()
    );
    assert_ne!(
        a.iter().map(Value::to_string).collect::<Vec<_>>(),
        c.iter().map(Value::to_string).collect::<Vec<_>>()
    );
    for seed in 0..50 {
        let x = p.call("unit", &[], 100, &mut TestRng(seed)).unwrap().as_f64().unwrap();
        assert!((0.0..1.0).contains(&x));
    }
}

const PIG_PLAYER: &str = "
(define (player my-total other-total accum current state)
  (set-car! state (+ (car state) 1))
  (cond ((>= (+ my-total accum current) 100) #f)
        ((< (+ accum current) 20) #t)
        (else #f)))";

#[test]
fn pig_strategy() {
    let mut rng = TestRng(5);
    let mut p = Program::load(PIG_PLAYER, 1_000_000, &mut rng).unwrap();
    let state = Value::list(vec![Value::int(0)]);
    let call = |p: &mut Program, my: i64, accum: i64, current: i64, state: &Value| {
        let args =
            [Value::int(my), Value::int(0), Value::int(accum), Value::int(current), state.clone()];
        p.call("player", &args, 100_000, &mut TestRng(1)).unwrap()
    };
    assert_eq!(call(&mut p, 0, 0, 4, &state).as_bool(), Some(true));
    assert_eq!(call(&mut p, 0, 15, 6, &state).as_bool(), Some(false));
    assert_eq!(call(&mut p, 90, 5, 6, &state).as_bool(), Some(false));
    assert_eq!(call(&mut p, 50, 5, 6, &state).as_bool(), Some(true));
    assert_eq!(state.to_string(), "(4)");
    let steps = p.last_steps();
    assert!((10..100).contains(&steps), "{steps} steps");
    call(&mut p, 50, 5, 6, &state);
    assert_eq!(p.last_steps(), steps, "step counts are deterministic");

    // A more elaborate player: helpers, internal defines, let*, case, random and state lists.
    let src = "
      ;; Hold at a target that depends on the score gap; remember turns in the state.
      (define (target gap)
        (cond ((> gap 30) 30)
              ((< gap -30) 15)
              (else 22)))
      (define (player my-total other-total accum current state)
        (define (bump! key)
          (let ((entry (assq key (cdr state))))
            (if entry
                (set-cdr! entry (+ (cdr entry) 1))
                (set-cdr! state (cons (cons key 1) (cdr state))))))
        (let* ((turn (+ accum current))
               (gap (- other-total my-total))
               (mood (case (random 3) ((0) 'calm) ((1) 'bold) (else 'calm))))
          (bump! mood)
          (set-car! state (+ (car state) 1))
          (and (< (+ my-total turn) 100)
               (< turn (if (eq? mood 'bold) (+ (target gap) 5) (target gap))))))";
    let mut p = Program::load(src, 1_000_000, &mut rng).unwrap();
    let state = Value::list(vec![Value::int(0)]);
    let mut throws = 0;
    for i in 0..100 {
        let args = [
            Value::int(i),
            Value::int(50),
            Value::int(i % 25),
            Value::int(1 + i % 6),
            state.clone(),
        ];
        let v = p.call("player", &args, 100_000, &mut rng).unwrap();
        throws += i64::from(v.as_bool().unwrap());
        assert!(p.last_steps() < 1000);
    }
    assert!((20..100).contains(&throws), "{throws}");
    assert_eq!(state.car().and_then(|v| v.as_int()), Some(100));
    let counts = state.cdr().unwrap().to_vec().unwrap();
    let total: i64 = counts.iter().map(|e| e.cdr().unwrap().as_int().unwrap()).sum();
    assert_eq!(total, 100);
}

#[test]
fn value_api() {
    let l =
        Value::list(vec![Value::int(1), Value::bool(true), Value::string("s"), Value::symbol("x")]);
    assert_eq!(l.to_string(), "(1 #t \"s\" x)");
    assert_eq!(l.to_display_string(), "(1 #t s x)");
    assert_eq!(
        Value::cons(Value::int(1), Value::cons(Value::int(2), Value::int(3))).to_string(),
        "(1 2 . 3)"
    );
    assert_eq!(Value::list(vec![]).to_string(), "()");
    assert_eq!(Value::real(2.0).to_string(), "2.0");
    assert_eq!(Value::real(f64::INFINITY).to_string(), "+inf.0");
    assert!(Value::int(0).is_true());
    assert!(Value::nil().is_true());
    assert!(!Value::bool(false).is_true());
    assert_eq!(Value::bool(false).as_bool(), Some(false));
    assert_eq!(Value::int(1).as_bool(), None);
    assert_eq!(Value::int(7).as_int(), Some(7));
    assert_eq!(l.to_vec().map(|v| v.len()), Some(4));
    assert_eq!(Value::cons(Value::int(1), Value::int(2)).to_vec().map(|v| v.len()), None);
    // A procedure returned from Scheme can be called again from Rust.
    let mut rng = TestRng(1);
    let mut p = load("(define (make-adder n) (lambda (x) (+ x n)))");
    let add2 = p.call("make-adder", &[Value::int(2)], 1000, &mut rng).unwrap();
    assert!(add2.is_procedure());
    assert_eq!(p.apply(&add2, &[Value::int(40)], 1000, &mut rng).unwrap().as_int(), Some(42));
    assert!(p.global("make-adder").is_some() && p.global("nope").is_none());
    assert!(format!("{p:?}").starts_with("Program"));
}

/// Steps per second on typical code; run with
/// `cargo test --release --test scheme -- --ignored --nocapture`.
#[test]
#[ignore]
fn benchmark() {
    let src = format!(
        "{PIG_PLAYER}
         (define (count n acc) (if (= n 0) acc (count (- n 1) (+ acc 1))))
         (define (fib n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2)))))
         (define (sum-list n) (apply + (map (lambda (x) (* x x)) (let loop ((i 0) (acc '())) (if (= i n) acc (loop (+ i 1) (cons i acc)))))))"
    );
    let mut rng = TestRng(1);
    let mut p = Program::load(&src, 1_000_000, &mut rng).unwrap();
    let state = Value::list(vec![Value::int(0)]);
    let calls = 500_000;
    let t = std::time::Instant::now();
    let mut steps = 0;
    for i in 0..calls {
        let args = [
            Value::int(i % 90),
            Value::int(5),
            Value::int(i % 23),
            Value::int(1 + i % 6),
            state.clone(),
        ];
        p.call("player", &args, 100_000, &mut rng).unwrap();
        steps += p.last_steps();
    }
    let dt = t.elapsed().as_secs_f64();
    println!(
        "Scheme player: {calls} calls, {} steps/call, {:.2} us/call, {:.1} M steps/s",
        steps / calls as u64,
        dt / calls as f64 * 1e6,
        steps as f64 / dt / 1e6
    );
    for (name, arg) in [("count", 10_000_000), ("fib", 27), ("sum-list", 1000)] {
        let args: Vec<Value> = if name == "count" {
            vec![Value::int(arg), Value::int(0)]
        } else {
            vec![Value::int(arg)]
        };
        let reps = if name == "sum-list" { 1000 } else { 1 };
        let t = std::time::Instant::now();
        let mut steps = 0;
        for _ in 0..reps {
            p.call(name, &args, u64::MAX, &mut rng).unwrap();
            steps += p.last_steps();
        }
        let dt = t.elapsed().as_secs_f64();
        println!("{name} {arg} (x{reps}): {steps} steps, {:.1} M steps/s", steps as f64 / dt / 1e6);
    }
    let t = std::time::Instant::now();
    for _ in 0..1000 {
        Program::load(PIG_PLAYER, 1_000_000, &mut rng).unwrap();
    }
    println!("load (with prelude): {:.1} us", t.elapsed().as_secs_f64() * 1e3);
}
