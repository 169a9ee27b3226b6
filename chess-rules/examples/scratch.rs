use chess_rules::{Position, ini};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rules = ini::builtin(&args[1]).unwrap().unwrap();
    let mut pos = if args.len() > 2 && !args[2].is_empty() {
        Position::from_fen(&rules, &args[2]).unwrap()
    } else {
        Position::start(&rules).unwrap()
    };
    for m in args.iter().skip(3) {
        let mv = pos.parse_move(m).expect(m);
        pos = pos.play(mv);
    }
    println!("{}", pos.fen());
    let mut ms: Vec<String> = pos.legal_moves().iter().map(|&m| pos.uci(m)).collect();
    ms.sort();
    println!("{} {:?}", ms.len(), &ms[..ms.len().min(40)]);
    for d in 1..=3 {
        println!("perft {d} {}", pos.perft(d));
    }
}
