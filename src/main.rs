//! The `wolfjudge` command line: play a script, simulate a game.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

use wolfjudge::i18n::Lang;
use wolfjudge::{script, sim};

#[derive(Parser)]
#[command(
    name = "wolfjudge",
    version,
    about = "A judge for forum werewolf (版杀) and Mafia games"
)]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Clone, Copy, ValueEnum)]
enum LangArg {
    Zh,
    En,
}

impl From<LangArg> for Lang {
    fn from(l: LangArg) -> Lang {
        match l {
            LangArg::Zh => Lang::Zh,
            LangArg::En => Lang::En,
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
enum RulesetArg {
    M32,
    Mafia,
}

#[derive(Subcommand)]
enum Cmd {
    /// Play a game script (see script-format.md) and print its JSON report.
    Script {
        /// The script file.
        file: PathBuf,
        /// Language of refusal messages in the report.
        #[arg(long, value_enum, default_value = "zh")]
        lang: LangArg,
    },
    /// Play a whole game with simulated players and print it as the players would see it.
    Simulate {
        #[arg(long, value_enum, default_value = "m32")]
        ruleset: RulesetArg,
        /// Seed for the deal and every random choice (of the game and of the simulated players).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Number of players (default: 12 for m32, 13 for mafia).
        #[arg(long)]
        players: Option<usize>,
        #[arg(long, value_enum, default_value = "zh")]
        lang: LangArg,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Cmd::Script { file, lang } => {
            let text = match std::fs::read_to_string(&file) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("wolfjudge: cannot read {}: {e}", file.display());
                    return ExitCode::from(2);
                }
            };
            let parsed = script::Script::parse(&text).and_then(|s| script::run(&s, lang.into()));
            match parsed {
                Ok(run) => match serde_json::to_string_pretty(&run.report) {
                    Ok(json) => {
                        println!("{json}");
                        ExitCode::SUCCESS
                    }
                    Err(e) => {
                        eprintln!("wolfjudge: cannot write the report: {e}");
                        ExitCode::FAILURE
                    }
                },
                Err(e) => {
                    eprintln!("wolfjudge: invalid script {}: {e}", file.display());
                    ExitCode::from(2)
                }
            }
        }
        Cmd::Simulate {
            ruleset,
            seed,
            players,
            lang,
        } => {
            let name = match ruleset {
                RulesetArg::M32 => "m32",
                RulesetArg::Mafia => "mafia",
            };
            match sim::simulate(name, seed, players, lang.into()) {
                Ok(out) => {
                    print!("{}", out.transcript);
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("wolfjudge: {e}");
                    ExitCode::from(2)
                }
            }
        }
    }
}
