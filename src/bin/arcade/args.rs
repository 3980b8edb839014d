//! A tiny flag parser: positional words plus `--name value` and `--flag`.

use crate::Failure;
use std::collections::BTreeMap;

pub struct Args {
    pub positional: Vec<String>,
    options: BTreeMap<String, Option<String>>,
}

impl Args {
    /// `valued` lists the options that take a value, `flags` those that do not.
    pub fn parse(argv: &[String], valued: &[&str], flags: &[&str]) -> Result<Args, Failure> {
        let mut positional = Vec::new();
        let mut options = BTreeMap::new();
        let mut it = argv.iter();
        while let Some(word) = it.next() {
            match word.strip_prefix("--") {
                Some(name) if valued.contains(&name) => {
                    let value = it.next().ok_or_else(|| Failure::usage(format!("--{name} needs a value")))?;
                    options.insert(name.to_string(), Some(value.clone()));
                }
                Some(name) if flags.contains(&name) => {
                    options.insert(name.to_string(), None);
                }
                Some(name) => return Err(Failure::usage(format!("unknown option --{name}"))),
                None => positional.push(word.clone()),
            }
        }
        Ok(Args { positional, options })
    }

    pub fn flag(&self, name: &str) -> bool {
        self.options.contains_key(name)
    }

    pub fn value(&self, name: &str) -> Option<&str> {
        self.options.get(name).and_then(|v| v.as_deref())
    }

    pub fn number<T: std::str::FromStr>(&self, name: &str, default: T) -> Result<T, Failure> {
        match self.value(name) {
            None => Ok(default),
            Some(v) => v.parse().map_err(|_| Failure::usage(format!("--{name} expects a number, got \"{v}\""))),
        }
    }

    /// Base URL for printed links.
    pub fn base_url(&self) -> String {
        let base = self
            .value("base")
            .map(str::to_string)
            .or_else(|| std::env::var("ARCADE_URL").ok())
            .unwrap_or_else(|| lambda_arcade::link::DEFAULT_BASE_URL.to_string());
        base.split('#').next().unwrap_or_default().to_string()
    }
}
