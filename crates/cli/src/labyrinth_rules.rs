//! `--ravensburger`, which Labyrinth's commands share.

use labyrinth::state::Rules;

/// `--ravensburger`: which rules.
#[derive(clap::Args, Debug)]
pub struct RulesArg {
    /// Ravensburger's rules instead of the assignment's
    #[arg(long)]
    pub ravensburger: bool,
}

impl RulesArg {
    pub fn rules(&self) -> Rules {
        if self.ravensburger {
            Rules::Ravensburger
        } else {
            Rules::Assignment
        }
    }
}
