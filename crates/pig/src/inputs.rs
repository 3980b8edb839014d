//! The Pig formats read from strangers, as the product reads them (the game registry lists them
//! for `arcade check`, the fuzz targets and the bad-input catalogue).

use rails::inputs::{DecisionLimits, InputError, InputFormat, Limit};

/// Pig's one format is Scheme; a build without the interpreter reads none.
#[cfg(feature = "scheme")]
pub const FORMATS: &[InputFormat] = &[
    InputFormat {
        name: "scheme",
        about: "a Pig strategy in Scheme: loaded, then asked one decision, under the step budgets",
        check: scheme,
    },
    MARKS,
];
#[cfg(not(feature = "scheme"))]
pub const FORMATS: &[InputFormat] = &[MARKS];

const MARKS: InputFormat = InputFormat {
    name: "pig-marks",
    about: "what a Pig decision printed, read for its debug marks (@draw lines)",
    check: marks,
};

fn marks(text: &str) -> Result<String, InputError> {
    Ok(rails::marks::check(text, super::marks::KINDS, &rails::marks::anywhere)?)
}

pub const LIMITS: &[Limit] = &[
    Limit { input: "Pig target", limit: "200", past_it: "refused" },
    Limit { input: "Pig tournament", limit: "16 strategies", past_it: "refused" },
    Limit { input: "Scheme source", limit: "200,000 characters in a link; nesting 500 levels", past_it: "a syntax error at the place" },
    Limit { input: "Scheme run", limit: "1,000,000 steps to load, 100,000 a decision; 100,000 nested calls; strings of 1,000,000 bytes; output 1 MiB kept per run (the rest dropped, marked)", past_it: "the strategy fails with the limit named; its decision falls back (hold)" },
];

/// A JavaScript strategy's time for one decision (the page runs them; the CLI does not).
pub const DECISIONS: DecisionLimits = DecisionLimits {
    decision: "decision",
    decision_ms: 50,
    answers: "answers of 256 characters",
    past_it: "the decision counts as hold, with the reason",
};

#[cfg(feature = "scheme")]
fn scheme(text: &str) -> Result<String, InputError> {
    use super::decider::SchemeDecider;
    use super::{Pig, Situation};
    use rails::arena::Decider;
    let mut d = SchemeDecider::load(text, 1)?;
    let mv = Decider::<Pig>::decide(
        &mut d,
        &Situation { my_total: 10, other_total: 20, accum: 5, current: 3 },
    )
    .map_err(|e| InputError::from_message(e.to_string()))?;
    Ok(format!("decides {mv:?}"))
}
