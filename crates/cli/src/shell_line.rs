//! The line `sh -c` runs for a program's command: the program itself in place of the shell
//! whenever that is safe, so that the program holds its own stdout (a shell that waits for it
//! would hold the pipe open after the program closed it). Only the Linux keeper starts programs.
#![cfg_attr(not(target_os = "linux"), allow(dead_code))]

/// What `sh -c` runs for `command`: `exec COMMAND` when it is one simple command (a program,
/// its arguments, quotes and redirections), so that the shell becomes the program; anything
/// else — lists, pipelines, subshells, substitutions, assignments, the shell's own commands —
/// as it is.
pub fn shell_line(command: &str) -> String {
    if is_one_simple_command(command) {
        format!("exec {command}")
    } else {
        command.to_string()
    }
}

/// Words that are not a program `exec` could start: the shell's grammar and its own commands.
const SHELL_WORDS: &[&str] = &[
    "!", "{", "}", ".", ":", "[[", "alias", "bg", "break", "case", "cd", "command", "continue",
    "do", "done", "elif", "else", "esac", "eval", "exec", "exit", "export", "fg", "fi", "for",
    "function", "getopts", "hash", "if", "jobs", "local", "read", "readonly", "return", "select",
    "set", "shift", "source", "then", "times", "trap", "type", "ulimit", "umask", "unalias",
    "unset", "until", "wait", "while",
];

fn is_one_simple_command(command: &str) -> bool {
    let Some(first) = command.split_whitespace().next() else { return false };
    let plain = |c: char| c.is_ascii_alphanumeric() || "_./+-,@%~".contains(c);
    if !first.chars().all(plain) || SHELL_WORDS.contains(&first) {
        return false;
    }
    // No operator outside quotes: `;`, `&`, `|`, a newline, parentheses, backquotes (`$(`
    // counts too: being careful costs only the `exec`).
    let (mut single, mut double, mut escaped) = (false, false, false);
    for c in command.chars() {
        match c {
            _ if escaped => escaped = false,
            '\\' if !single => escaped = true,
            '\'' if !double => single = !single,
            '"' if !single => double = !double,
            '`' if !single => return false,
            ';' | '&' | '|' | '\n' | '(' | ')' if !single && !double => return false,
            _ => {}
        }
    }
    !single && !double && !escaped
}

#[cfg(test)]
mod tests {
    use super::shell_line;

    #[test]
    fn a_single_command_is_executed_in_place_of_the_shell() {
        for simple in [
            "./bot",
            "python3 bot.py --fast",
            "sh -c 'echo a; exec >&-; sleep 9'",
            "node \"my bot.js\" 2>log",
            "~/bin/solver <map",
        ] {
            assert_eq!(shell_line(simple), format!("exec {simple}"), "{simple}");
        }
        for shell in [
            "cat >/dev/null; printf LDRD",
            "a | b",
            "a && b",
            "x & y",
            "(a)",
            "echo `date`",
            "a $(b)",
            "FOO=1 ./bot",
            "cd dir",
            "exit 3",
            "if true; then :; fi",
            "'unterminated",
            "",
            "a\nb",
        ] {
            assert_eq!(shell_line(shell), shell, "{shell:?}");
        }
    }
}
