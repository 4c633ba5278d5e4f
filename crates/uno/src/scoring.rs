//! Scoring (docs/rules.md §5 *Scoring*): who wins a game that is over by its score.

use crate::game::Game;

/// The game's winners when it ends by its score, in seating order. Playing to
/// `target_score`, the first to reach it (a round has one winner, so one player). Playing a
/// fixed number of `rounds`: the highest total; a tie goes to whoever won more rounds; still
/// tied, they share the win.
pub fn winners(g: &Game) -> Vec<usize> {
    let won = g.rounds_won();
    let key = |s: usize| {
        (
            g.totals.get(s).copied().unwrap_or(0),
            won.get(s).copied().unwrap_or(0),
        )
    };
    let best = (0..g.players.len()).map(key).max();
    (0..g.players.len())
        .filter(|s| Some(key(*s)) == best)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::RoundResult;

    fn game(totals: &[u32], round_winners: &[usize]) -> Game {
        Game {
            players: (0..totals.len()).map(|i| format!("P{i}")).collect(),
            totals: totals.to_vec(),
            rounds: round_winners
                .iter()
                .map(|w| RoundResult {
                    winner: *w,
                    hand_points: vec![0; totals.len()],
                    points: 0,
                })
                .collect(),
            ..Game::default()
        }
    }

    #[test]
    fn the_highest_total_wins() {
        assert_eq!(winners(&game(&[10, 30, 20], &[0, 1, 2])), vec![1]);
    }

    #[test]
    fn a_tie_goes_to_more_rounds_won() {
        assert_eq!(winners(&game(&[30, 30, 0], &[0, 1, 1, 2])), vec![1]);
    }

    #[test]
    fn still_tied_they_share_the_win_in_seating_order() {
        assert_eq!(winners(&game(&[30, 0, 30], &[2, 0])), vec![0, 2]);
        assert_eq!(winners(&game(&[0, 0], &[])), vec![0, 1]);
    }
}
