//! Engine micro-benchmarks (criterion): one vote, one night resolution, a whole game's
//! replay from its event log. Pure engine, no database.
//!
//! Run: `cargo bench --bench engine`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use wolfjudge::engine::{self, Action, CharId, Command, EventKind, Game};
use wolfjudge::i18n::Lang;
use wolfjudge::script::Table;
use wolfjudge::sim;

/// A simulated M32 game (seed 1) and its state just before its first night is resolved.
fn night_resolution() -> (Game, chrono::DateTime<chrono::Utc>) {
    let s = sim::simulate("m32", 1, None, Lang::Zh).expect("the game plays");
    let mut table = Table::new(&s.setup).expect("the game sets up");
    for (at, cmd) in &s.inputs {
        table.now = *at;
        if cmd.action == Action::Tick {
            let before = table.game.clone();
            let resolves = engine::handle(&before, cmd, *at).is_ok_and(|events| {
                events
                    .iter()
                    .any(|e| matches!(e.kind, EventKind::NightEnded { .. }))
            });
            if resolves {
                return (before, *at);
            }
        }
        let _ = table.command(cmd);
    }
    panic!("the game has no night resolved by its clock");
}

fn engine(c: &mut Criterion) {
    let s = sim::simulate("m32", 1, None, Lang::Zh).expect("the game plays");
    let day1 = Table::new(&s.setup).expect("the game sets up");
    let now = s.setup.start + chrono::Duration::hours(1);
    let vote = Command::by(
        CharId(0),
        Action::Vote {
            target: CharId(5),
            reason: "bench".into(),
        },
    );
    c.bench_function("one vote (handle + apply)", |b| {
        b.iter(|| {
            let mut g = day1.game.clone();
            let events = engine::handle(black_box(&g), black_box(&vote), now).expect("accepted");
            for e in &events {
                engine::apply(&mut g, e);
            }
            g
        })
    });
    let (before_night, at) = night_resolution();
    c.bench_function("one night resolution (handle + apply)", |b| {
        b.iter(|| {
            let mut g = before_night.clone();
            let events =
                engine::handle(black_box(&g), &Command::tick(), at).expect("the night resolves");
            for e in &events {
                engine::apply(&mut g, e);
            }
            g
        })
    });
    c.bench_function(
        &format!("full-game replay ({} events)", s.events.len()),
        |b| b.iter(|| Game::replay(black_box(&s.events))),
    );
}

criterion_group!(benches, engine);
criterion_main!(benches);
