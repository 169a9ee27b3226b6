// No move after stalemate (Loyd's ten-move stalemate).
use verified_chess::game;

fn main() {
    let _ = game! { 1. e3 a5 2. Qh5 Ra6 3. Qxa5 h5 4. h4 Rah6 5. Qxc7 f6 6. Qxd7+ Kf7 7. Qxb7 Qd3 8. Qxb8 Qh7 9. Qxc8 Kg6 10. Qe6 Kh5 };
}
