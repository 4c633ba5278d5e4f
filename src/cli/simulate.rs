//! `wolfjudge simulate`: whole games played by simulated players, printed as the players
//! see them; with --database-url also played through PostgreSQL, with --tournament recorded
//! as a tournament. Several games get a heading each and a summary at the end.

use std::path::{Path, PathBuf};
use wolfjudge::store::ids::GameId;

use wolfjudge::engine::{Game, Winner};
use wolfjudge::i18n::{self, Lang};
use wolfjudge::{chart, notify, sim, store};

use super::db::Db;
use super::out::{emit, exit};
use super::LangArg;

#[derive(Clone, Copy, clap::ValueEnum)]
enum RulesetArg {
    M32,
    Mafia,
    /// 预女猎白 (docs/rules.md §4).
    Idiot,
    /// 预女猎守.
    Guard,
    /// 白狼王骑士.
    WolfKing,
    /// 预女猎, 9 players.
    Small,
    /// UNO (docs/rules.md §5), 2-10 players.
    Uno,
}

impl RulesetArg {
    fn name(self) -> &'static str {
        match self {
            RulesetArg::M32 => "m32",
            RulesetArg::Mafia => "mafia",
            RulesetArg::Idiot => "idiot",
            RulesetArg::Guard => "guard",
            RulesetArg::WolfKing => "wolf-king",
            RulesetArg::Small => "small",
            RulesetArg::Uno => "uno",
        }
    }
}

#[derive(clap::Args)]
pub struct Args {
    #[arg(long, value_enum, default_value = "m32")]
    ruleset: RulesetArg,
    /// Seed for the deal and every random choice (of the game and of the simulated players).
    /// With --games N, the games use seeds SEED, SEED+1, ... SEED+N-1.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// How many games to play, one after the other, with the same players.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1000))]
    games: u32,
    /// Record the games in PostgreSQL as the tournament of this name (created with GAMES
    /// planned games if it does not exist; the simulated players sign up in seat order),
    /// each started inside it, so the first-night rule applies. Implies --database-url.
    /// Then `wolfjudge standings NAME` prints its table and draws its chart.
    #[arg(long)]
    tournament: Option<String>,
    /// With --tournament: the judge's account, who earns the judge's points [default: 汤圆
    /// under zh, Trent under en].
    #[arg(long, requires = "tournament")]
    judge: Option<String>,
    /// Number of players (default: 12 for m32 and the 12-player boards, 9 for small, 13 for mafia).
    #[arg(long)]
    players: Option<usize>,
    #[arg(long, value_enum, default_value = "zh")]
    lang: LangArg,
    /// Write each game's pictures, as the reveal on Discord attaches them, into this folder
    /// (created if missing): vote-day-1.png, … one per vote, and timeline.png; with
    /// --games N, prefixed game-1-, game-2-, …
    #[arg(long, value_name = "DIR")]
    charts: Option<PathBuf>,
    #[command(flatten)]
    db: Db,
}

pub async fn run(a: Args) -> anyhow::Result<()> {
    if matches!(a.ruleset, RulesetArg::Uno) {
        return uno_game(&a);
    }
    let series = Series {
        ruleset: a.ruleset.name(),
        seed: a.seed,
        players: a.players,
        games: a.games,
        lang: a.lang.into(),
        charts: a.charts.as_deref(),
    };
    series.check()?;
    match &a.tournament {
        Some(name) => {
            let judge = a
                .judge
                .clone()
                .unwrap_or_else(|| wolfjudge::tournament::default_judge(series.lang));
            tournament(&series, name, &judge, &a.db).await
        }
        None => games(&series, &a.db).await,
    }
}

/// The players of a simulated UNO game: the catalog's names, as a werewolf simulation's.
const UNO_DEFAULT_PLAYERS: usize = 4;

/// `simulate --ruleset uno`: UNO played by simulated players (who sometimes forget UNO and
/// sometimes let their time run out), printed as each sees it: the table's log for
/// everyone, each hand and each card drawn only under its holder's name. With `--games N`
/// it is a UNO contest (docs/rules.md §3): N one-round games with the same players (seeds
/// SEED, SEED+1, …), then the contest's standings, lowest total first.
fn uno_game(a: &Args) -> anyhow::Result<()> {
    let lang = Lang::from(a.lang);
    let unsupported = [
        (a.tournament.is_some(), "--tournament"),
        (a.charts.is_some(), "--charts"),
        (a.db.given(), "--database-url"),
    ];
    if let Some((_, flag)) = unsupported.iter().find(|(given, _)| *given) {
        return Err(exit(
            2,
            i18n::text(
                lang,
                "cli-uno-sim-unsupported",
                &[("flag", flag.to_string())],
            ),
        ));
    }
    let n = a.players.unwrap_or(UNO_DEFAULT_PLAYERS);
    let players = sim::player_names(n, lang);
    let mut options = wolfjudge::uno::options::Options::default();
    if a.games > 1 {
        // A contest's games are one round each.
        options.rounds = Some(1);
    }
    let mut out = String::new();
    let mut contest = Vec::new();
    for i in 0..a.games {
        let seed = a.seed.saturating_add(u64::from(i));
        let (game, steps) =
            wolfjudge::uno::sim::simulate(&options, &players, seed).map_err(|e| {
                exit(
                    2,
                    i18n::text(lang, "cli-uno-sim-setup", &[("error", e.to_string())]),
                )
            })?;
        if a.games > 1 {
            let heading = i18n::text(
                lang,
                "cli-sim-game",
                &[
                    ("game", (i + 1).to_string()),
                    ("games", a.games.to_string()),
                    ("seed", seed.to_string()),
                ],
            );
            out.push_str(&format!("{heading}\n"));
        }
        out.push_str(&uno_transcript(&steps, lang));
        if let Some(round) = game.rounds.first() {
            let ordinal = i32::try_from(i + 1).unwrap_or(i32::MAX);
            contest.push(wolfjudge::tournament::uno::UnoGame::from_round(
                ordinal, &players, round,
            ));
        }
    }
    if a.games > 1 {
        let name = i18n::text(lang, "cli-uno-contest-name", &[]);
        let standings = wolfjudge::tournament::uno::uno_standings(&name, &contest, &[]);
        out.push('\n');
        out.push_str(&wolfjudge::tournament::uno::render_uno_table(
            &standings, lang,
        ));
    }
    emit(&out)
}

/// A simulated UNO game's lines as each player sees them.
fn uno_transcript(
    steps: &[(
        wolfjudge::uno::sim::SimStep,
        Vec<wolfjudge::uno::event::Event>,
    )],
    lang: Lang,
) -> String {
    let mut game = wolfjudge::uno::game::Game::default();
    let mut out = String::new();
    for (_, events) in steps {
        for e in events {
            for (seen, line) in notify::uno::told(e, &game, lang) {
                let who = match seen {
                    notify::uno::Seen::Table => i18n::text(lang, "uno-sim-table", &[]),
                    notify::uno::Seen::Player(seat) => i18n::text(
                        lang,
                        "uno-sim-private",
                        &[("player", game.name(seat).to_string())],
                    ),
                };
                out.push_str(&format!("{who} {line}\n"));
            }
            wolfjudge::uno::game::apply(&mut game, e);
        }
    }
    out
}

/// What `simulate` plays.
struct Series<'a> {
    ruleset: &'a str,
    seed: u64,
    players: Option<usize>,
    games: u32,
    lang: Lang,
    /// Where to write each game's pictures.
    charts: Option<&'a Path>,
}

impl Series<'_> {
    /// Game `i`'s seed (checked by [`Series::check`] to fit).
    fn seed(&self, i: u32) -> u64 {
        self.seed.saturating_add(u64::from(i))
    }

    /// With --charts: writes game `i`'s pictures into the folder (created if missing), and
    /// says so on stderr; a file that cannot be written is an error naming it.
    fn write_charts(&self, i: u32, out: &sim::Simulation) -> anyhow::Result<()> {
        let Some(dir) = self.charts else {
            return Ok(());
        };
        let cannot = |path: &Path, e: &dyn std::fmt::Display| {
            exit(
                1,
                i18n::text(
                    self.lang,
                    "cli-chart-write",
                    &[
                        ("path", path.display().to_string()),
                        ("error", e.to_string()),
                    ],
                ),
            )
        };
        let pngs = chart::game_charts(&out.events, self.lang).map_err(|e| cannot(dir, &e))?;
        std::fs::create_dir_all(dir).map_err(|e| cannot(dir, &e))?;
        let prefix = if self.games > 1 {
            format!("game-{}-", i + 1)
        } else {
            String::new()
        };
        for png in &pngs {
            let path = dir.join(format!("{prefix}{}", png.name));
            std::fs::write(&path, &png.bytes).map_err(|e| cannot(&path, &e))?;
        }
        let said = i18n::text(
            self.lang,
            "cli-sim-charts",
            &[
                ("count", pngs.len().to_string()),
                ("dir", dir.display().to_string()),
                ("seed", self.seed(i).to_string()),
            ],
        );
        eprintln!("wolfjudge: {said}");
        Ok(())
    }

    /// Refuses, before anything is played or stored, a series that cannot be played:
    /// seeds past `u64::MAX`, or a player count the ruleset cannot seat.
    fn check(&self) -> anyhow::Result<()> {
        if self.seed.checked_add(u64::from(self.games) - 1).is_none() {
            return Err(exit(
                2,
                i18n::text(
                    self.lang,
                    "cli-sim-seed-range",
                    &[
                        ("seed", self.seed.to_string()),
                        ("games", self.games.to_string()),
                        ("max", u64::MAX.to_string()),
                    ],
                ),
            ));
        }
        sim::setup(self.ruleset, self.seed, self.players, self.lang)
            .map(|_| ())
            .map_err(|e| exit(2, e))
    }
}

/// Without --tournament: plays the games one after the other (each also through
/// PostgreSQL with --database-url) and prints each as soon as it is played.
async fn games(s: &Series<'_>, db: &Db) -> anyhow::Result<()> {
    let mut printer = Printer::new(s.lang, s.games);
    let st = if db.given() {
        Some(db.store().await?)
    } else {
        None
    };
    for i in 0..s.games {
        let seed = s.seed(i);
        let out = sim::simulate(s.ruleset, seed, s.players, s.lang).map_err(|e| exit(2, e))?;
        if let Some(st) = &st {
            let key = format!(
                "simulate:{}:{}:{}",
                out.setup.ruleset.name,
                out.setup.seed,
                chrono::Utc::now().timestamp_nanos_opt().unwrap_or_default()
            );
            let id = st.create_game(&key, &out.setup, s.lang).await?;
            store_simulation(st, id, &key, &out, s.lang).await?;
        }
        printer.game(seed, &out)?;
        s.write_charts(i, &out)?;
    }
    printer.finish()
}

/// With --tournament: plays the games as a tournament in PostgreSQL, a week apart, each
/// started inside it (so each game's killers may not choose the previous game's first-night
/// victim on night 1), printing each as it is played. Game `i` is stored under the key
/// `simulate:TOURNAMENT:SEED`, so running the same command again finds the same games.
async fn tournament(s: &Series<'_>, name: &str, judge: &str, db: &Db) -> anyhow::Result<()> {
    let mut printer = Printer::new(s.lang, s.games);
    let st = db.store().await?;
    let t = match st.tournament(name).await? {
        Some(t) => t,
        None => {
            st.create_tournament(name, s.ruleset, s.games, judge)
                .await?
        }
    };
    for i in 0..s.games {
        let seed = s.seed(i);
        let mut setup = sim::setup(s.ruleset, seed, s.players, s.lang).map_err(|e| exit(2, e))?;
        setup.start += chrono::Duration::weeks(i64::from(i));
        // The accounts sign up (an anonymous game's differ from its characters).
        let accounts = setup
            .players
            .clone()
            .unwrap_or_else(|| setup.characters.clone());
        for (seat, player) in accounts.iter().enumerate() {
            let at =
                setup.start - chrono::Duration::minutes((setup.characters.len() - seat) as i64);
            st.sign_up(t.id, player, at).await?;
        }
        let key = format!("simulate:{name}:{seed}");
        let started = st.start_game(t.id, &key, &setup, s.lang, None).await?;
        setup.forbidden_first_kill = started.forbidden_first_kill;
        let out = sim::play(setup, s.lang).map_err(anyhow::Error::msg)?;
        store_simulation(&st, started.game_id, &key, &out, s.lang).await?;
        let said = i18n::text(
            s.lang,
            "cli-sim-tournament-game",
            &[
                ("game", started.ordinal.to_string()),
                ("tournament", name.to_string()),
                ("seed", seed.to_string()),
            ],
        );
        eprintln!("wolfjudge: {said}");
        printer.game(seed, &out)?;
        s.write_charts(i, &out)?;
    }
    printer.finish()
}

/// Plays a simulated game's inputs into the stored game `id` (created from the same setup):
/// every command through the store's transaction, every deadline through the worker; checks
/// the stored game is the same. Inputs already played (a rerun) are not played twice.
async fn store_simulation(
    st: &store::Store,
    id: i64,
    key: &str,
    out: &sim::Simulation,
    lang: Lang,
) -> anyhow::Result<()> {
    runtime::deadlines::replay_inputs(st, GameId(id), &out.inputs, "simulate").await?;
    let stored = st.events(GameId(id)).await?;
    if stored != out.events {
        anyhow::bail!("game {id} in the database differs from the simulation");
    }
    let said = i18n::text(
        lang,
        "cli-sim-stored",
        &[("id", id.to_string()), ("key", key.to_string())],
    );
    eprintln!("wolfjudge: {said}");
    Ok(())
}

/// Prints the games of a series as they are played: with more than one game, each under
/// a heading (its number and seed), and a summary (each game's seed, result and days) at
/// the end; a single game is its transcript alone.
struct Printer {
    lang: Lang,
    games: u32,
    /// Each printed game's seed, winner and days.
    played: Vec<(u64, Option<Winner>, u32)>,
}

impl Printer {
    fn new(lang: Lang, games: u32) -> Printer {
        Printer {
            lang,
            games,
            played: Vec::new(),
        }
    }

    fn game(&mut self, seed: u64, out: &sim::Simulation) -> anyhow::Result<()> {
        let n = self.played.len() + 1;
        if self.games > 1 {
            let heading = i18n::text(
                self.lang,
                "cli-sim-game",
                &[
                    ("game", n.to_string()),
                    ("games", self.games.to_string()),
                    ("seed", seed.to_string()),
                ],
            );
            let rule = "═".repeat(24);
            let sep = if n > 1 { "\n" } else { "" };
            emit(&format!("{sep}{rule}\n{heading}\n{rule}\n\n"))?;
        }
        emit(&out.transcript)?;
        let days = Game::replay(&out.events).last_day();
        self.played.push((seed, out.winner, days));
        Ok(())
    }

    fn finish(&self) -> anyhow::Result<()> {
        if self.games <= 1 {
            return Ok(());
        }
        let summary = i18n::text(
            self.lang,
            "cli-sim-summary",
            &[("games", self.games.to_string())],
        );
        let mut text = format!("\n{summary}\n");
        for (i, (seed, winner, days)) in self.played.iter().enumerate() {
            let line = i18n::text(
                self.lang,
                "cli-sim-summary-game",
                &[
                    ("game", (i + 1).to_string()),
                    ("seed", seed.to_string()),
                    ("result", result_text(*winner, self.lang)),
                    ("days", days.to_string()),
                ],
            );
            text.push_str(&format!("  {line}\n"));
        }
        emit(&text)
    }
}

/// A game's result in a few words: 狼人阵营获胜 / the wolves won, 平局 / a draw, ...
pub fn result_text(winner: Option<Winner>, lang: Lang) -> String {
    match winner {
        Some(Winner::Draw) => i18n::text(lang, "cli-sim-result-draw", &[]),
        Some(w) => i18n::text(
            lang,
            "cli-sim-result-winner",
            &[("winner", i18n::winner_name(w, lang))],
        ),
        None => i18n::text(lang, "cli-sim-result-none", &[]),
    }
}
