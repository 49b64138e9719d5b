//! Prints a generated team round robin as TRF-2026, for comparing the team
//! tie-breaks with the FIDE TieBreakServer:
//! `cargo run -p tournament --example team_trf -- SEED TEAMS BOARDS [double] [forfeits]`.

use tournament::team::generator::{GeneratorOptions, generate};
use tournament::team::{
    TeamStandingsOptions, compute_team_standings, explain_team, parse_team_tiebreaks,
};
use tournament::trf::{Format, write_team_tournament};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(path) = args.iter().find_map(|a| a.strip_prefix("roundtrip=")) {
        // Reads a team TRF and writes it back.
        let text = std::fs::read_to_string(path).expect("file");
        let (t, e) = tournament::trf::read_team_tournament(&text).expect("valid team TRF");
        print!("{}", write_team_tournament(&t, &e, Format::Trf2026));
        return;
    }
    let number =
        |i: usize, default: u64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    let options = GeneratorOptions {
        teams: number(1, 6) as u32,
        boards: number(2, 4) as u32,
        double: args.iter().any(|a| a == "double"),
        forfeit_match_percent: if args.iter().any(|a| a == "forfeits") {
            8
        } else {
            0
        },
        ..GeneratorOptions::default()
    };
    let (mut tournament, mut event) = generate(number(0, 1), &options);
    if args.iter().any(|a| a == "swiss") {
        // The same games, ranked as a team Swiss (unplayed rounds differ).
        event.system = tournament::team::TeamSystem::Swiss;
    }
    if args.iter().any(|a| a == "gp") {
        // Ranked by game points (`china-national`).
        event.scoring.primary = tournament::team::PrimaryScore::GamePoints;
    }
    tournament.info.start_date = Some("2025/06/01".into());
    if let Some(list) = args.iter().find_map(|a| a.strip_prefix("ours=")) {
        // Our standings in the reference's tab-separated layout.
        let options = TeamStandingsOptions {
            tiebreaks: parse_team_tiebreaks(list).expect("tie-break list"),
            after_round: None,
        };
        let standings = compute_team_standings(&event, &options).expect("standings");
        if let Some(team) = args.iter().find_map(|a| a.strip_prefix("explain=")) {
            let team = team.parse().expect("team number");
            print!("{}", explain_team(&standings, team).unwrap_or_default());
            return;
        }
        let labels: Vec<&str> = list.split(',').collect();
        println!("Rank\tStartNo\tMPTS\t{}", labels.join("\t"));
        for row in &standings.rows {
            let values: Vec<String> = row
                .tiebreaks
                .iter()
                .map(|s| {
                    s.value
                        .map_or("-".to_string(), |v| format!("{:.4}", v.as_f64()))
                })
                .collect();
            println!(
                "{}\t{}\t{}\t{}",
                row.rank,
                row.team,
                row.primary(standings.primary),
                values.join("\t")
            );
        }
        return;
    }
    print!(
        "{}",
        write_team_tournament(&tournament, &event, Format::Trf2026)
    );
}
