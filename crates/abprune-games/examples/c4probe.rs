use abprune::{Engine, EngineOptions, Score, SearchLimits};
use abprune_games::Connect4;
fn main() {
    let line = std::env::args().nth(1).unwrap();
    let pos = Connect4::from_moves(&line).unwrap();
    let opts = EngineOptions { killers: false, history: false, ..EngineOptions::default() };
    let mut engine: Engine<u8> = Engine::new(opts).unwrap();
    let r = engine.solve(&mut pos.clone(), abprune::SolveMode::Strong, &SearchLimits::none()).unwrap();
    println!(
        "solve {} nodes {} score {:?}",
        r.value,
        r.stats.nodes,
        abprune_games::connect4::benchmark_score(r.value, pos.moves_played())
    );
    for k in [3u32, 5, 7, 9, 11, 13, 15, 17, 19] {
        for t in [Score::win_in(k), Score::loss_in(k + 1)] {
            engine.clear();
            let mut eng2: Engine<u8> =
                Engine::new(EngineOptions { killers: false, history: false, ..EngineOptions::default() }).unwrap();
            let mut p = pos.clone();
            let before = std::time::Instant::now();
            let ans = eng2.test(&mut p, t, &SearchLimits::none());
            println!("test >= {t}: {ans:?} {:?}", before.elapsed());
        }
    }
}
