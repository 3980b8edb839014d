use lambda_arcade::scheme::*;
use rand_core::RngCore;

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

fn run(body: &str) -> Result<String, SchemeError> {
    let mut rng = TestRng(1);
    let mut p = Program::load(&format!("(define (main)\n{body})"), 1_000_000, &mut rng)?;
    let v = p.call("main", &[], 10_000_000, &mut rng)?;
    Ok(v.to_string())
}

#[test]
fn smoke() {
    for (src, want) in [
        ("(+ 1 2)", "3"),
        ("(define (f n) (if (= n 0) 0 (+ 1 (f (- n 1))))) (f 1000)", "1000"),
        ("(let loop ((i 0)) (if (< i 100) (loop (+ i 1)) i))", "100"),
        ("(map (lambda (x) (* x x)) '(1 2 3))", "(1 4 9)"),
        ("(define x 5) (set! x (+ x 1)) x", "6"),
        ("(define (mk) (let ((n 0)) (lambda () (set! n (+ n 1)) n))) (define c (mk)) (c) (c) (c)", "3"),
        ("(cond ((assv 2 '((1 . a) (2 . b))) => cdr) (else 'no))", "b"),
        ("(case 3 ((1 2) 'low) ((3 4) 'mid) (else 'high))", "mid"),
        ("(do ((i 0 (+ i 1)) (acc '() (cons i acc))) ((= i 3) acc))", "(2 1 0)"),
        ("`(1 ,(+ 1 1) ,@(list 3 4))", "(1 2 3 4)"),
    ] {
        match run(src) {
            Ok(got) => assert_eq!(got, want, "{src}"),
            Err(e) => panic!("{src}: {e}"),
        }
    }
}

#[test]
#[ignore]
fn bench_quick() {
    let src = "(define (player my-total other-total accum current state)
  (set-car! state (+ (car state) 1))
  (cond ((>= (+ my-total accum current) 100) #f)
        ((< (+ accum current) 20) #t)
        (else #f)))
(define (loop n acc) (if (= n 0) acc (loop (- n 1) (+ acc 1))))
(define (fib n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2)))))";
    let mut rng = TestRng(1);
    let mut p = Program::load(src, 1_000_000, &mut rng).unwrap();
    let state = Value::list(vec![Value::int(0)]);
    let t = std::time::Instant::now();
    let mut steps = 0u64;
    for i in 0..200_000 {
        p.call("player", &[Value::int(i % 90), Value::int(5), Value::int(3), Value::int(4), state.clone()], 100_000, &mut rng).unwrap();
        steps += p.last_steps();
    }
    let dt = t.elapsed().as_secs_f64();
    println!("player: {} calls, {} steps/call, {:.1} M steps/s, {:.2} us/call", 200_000, steps / 200_000, steps as f64 / dt / 1e6, dt / 200_000.0 * 1e6);
    let t = std::time::Instant::now();
    p.call("loop", &[Value::int(10_000_000), Value::int(0)], u64::MAX, &mut rng).unwrap();
    let dt = t.elapsed().as_secs_f64();
    println!("loop: {} steps, {:.1} M steps/s", p.last_steps(), p.last_steps() as f64 / dt / 1e6);
    let t = std::time::Instant::now();
    let v = p.call("fib", &[Value::int(27)], u64::MAX, &mut rng).unwrap();
    let dt = t.elapsed().as_secs_f64();
    println!("fib 27 = {v}: {} steps, {:.1} M steps/s", p.last_steps(), p.last_steps() as f64 / dt / 1e6);
}
#[test]
fn show_errors() {
    let cases = [
        "(define (f x)\n  (+ x 1)",
        "(define (f x) x))",
        "(define (f x)\n  (foo x))",
        "(define (player a b c d e) (car 5))\n(define (main) (player 1 2 3 4 5))",
        "(define (g x) x)\n(define (main) (g 1 2))",
        "(define (main) (let ((x)) x))",
        "(define (main)\n  (let loop () (loop)))",
        "(define (main) (5 3))",
        "(define (main) (error \"bad thing:\" 42 'foo))",
        "(define (main) (map car '(1 2)))",
        "(define (main) (vector 1 2))",
        "(define (main) (if))",
        "(define (main) (/ 1 0))",
        "(define (main) (* 4611686018427387904 2))",
        "(define (f n) (if (= n 0) 0 (+ 1 (f (- n 1)))))\n(define (main) (f 1000000))",
        "(define (main) \"abc)",
        "(define (main) #|  )",
        "(define (main) [1 2)",
        "(define (main) (let ((x 1) (x 2)) x))",
        "(define (main) (letrec ((a b) (b 1)) a))",
        "(define (main) (define x 1))",
        "(define (main) (if 1 (define x 1) 2))",
        "(define (main) 1.2.3)",
        "(define (main) (apply + 1 2))",
        "(define (main) (let ((l (list 1 2))) (set-cdr! (cdr l) l) (length l)))",
    ];
    for src in cases {
        let mut rng = TestRng(1);
        let r = Program::load(src, 1000, &mut rng).and_then(|mut p| p.call("main", &[], 1000, &mut rng));
        match r {
            Ok(v) => println!("{src:?}\n   => OK {v}"),
            Err(e) => println!("{src:?}\n   => {:?} {e}", e.kind),
        }
    }
}

fn deep_programs(n: usize) -> Vec<(String, String)> {
    let mut v = Vec::new();
    v.push((format!("{}0{}", "(+ 1 ".repeat(n), ")".repeat(n)), n.to_string()));
    v.push((format!("{}1{}", "(let ((x ".repeat(n), ")) x)".repeat(n)), "1".into()));
    v.push((format!("{}7{}", "((lambda () ".repeat(n), "))".repeat(n)), "7".into()));
    v.push((format!("(cond {} (else 5))", "((= 1 2) 1) ".repeat(n)), "5".into()));
    v.push((format!("(let* ({}) 3)", "(x 1) ".repeat(n)), "3".into()));
    v.push((format!("(length `({}))", ",(+ 1 1) ".repeat(n)), n.to_string()));
    v.push((format!("(car '{}1{})", "(".repeat(n), ")".repeat(n)), format!("{}1{}", "(".repeat(n - 1), ")".repeat(n - 1))));
    v.push((format!("{}1{}", "(if #t ".repeat(n), " 0)".repeat(n)), "1".into()));
    v
}

#[test]
#[ignore]
fn stack_probe() {
    let kb: usize = std::env::var("STACK_KB").ok().and_then(|s| s.parse().ok()).unwrap_or(1024);
    let n: usize = std::env::var("DEPTH").ok().and_then(|s| s.parse().ok()).unwrap_or(990);
    let h = std::thread::Builder::new()
        .stack_size(kb * 1024)
        .spawn(move || {
            let only: Option<usize> = std::env::var("PROG").ok().and_then(|s| s.parse().ok());
            for (i, (src, want)) in deep_programs(n).into_iter().enumerate() {
                if only.is_some_and(|o| o != i) {
                    continue;
                }
                let r = run(&src);
                match r {
                    Ok(got) => assert_eq!(got, want),
                    Err(e) => println!("{}...: {e}", &src[..20]),
                }
            }
        })
        .unwrap();
    h.join().unwrap();
    println!("ok with {kb} KB");
}
