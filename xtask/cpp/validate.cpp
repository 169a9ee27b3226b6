// A PGN validator on Disservin's chess-library (the header only, MIT), the
// C++ speed anchor of `cargo xtask verify-bench`. It reads games with
// `chess::pgn::StreamParser`, starts each from its `[FEN]` tag or the
// standard position, parses every main-line SAN move with
// `chess::uci::parseSan` and plays it with `Board::makeMove`. It checks what
// the library checks: each move is legal and unambiguous in its position.
//
// Build: g++ -O3 -march=native -DNDEBUG -std=c++17 -I <dir of chess.hpp>
// Usage: validate FILE.pgn   (prints "games N, invalid M"; exit 1 if M > 0)

#include <cstdio>
#include <fstream>
#include <string>
#include <string_view>

#include "chess.hpp"

using namespace chess;

class Validator : public pgn::Visitor {
   public:
    void startPgn() override {
        board_.setFen(constants::STARTPOS);
        failed_ = false;
    }

    void header(std::string_view key, std::string_view value) override {
        if (key == "FEN") {
            board_.set960(false);
            if (!board_.setFen(value)) {
                board_.set960(true);
                if (!board_.setFen(value)) fail("FEN", value);
            }
        }
    }

    void startMoves() override {}

    void move(std::string_view san, std::string_view) override {
        if (failed_) return;
        try {
            Move m = uci::parseSan(board_, san, moves_);
            if (m == Move::NO_MOVE) return fail("move", san);
            board_.makeMove(m);
        } catch (const std::exception&) {
            fail("move", san);
        }
    }

    void endPgn() override {
        games_ += 1;
        if (failed_) invalid_ += 1;
    }

    long games() const { return games_; }
    long invalid() const { return invalid_; }

   private:
    void fail(const char* what, std::string_view text) {
        if (!failed_ && invalid_ < 10) {
            std::fprintf(stderr, "game %ld: invalid %s %.*s\n", games_ + 1, what,
                         static_cast<int>(text.size()), text.data());
        }
        failed_ = true;
        skipPgn(true);
    }

    Board board_;
    Movelist moves_;
    bool failed_ = false;
    long games_ = 0;
    long invalid_ = 0;
};

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: validate FILE.pgn\n");
        return 2;
    }
    std::ifstream file(argv[1], std::ios::binary);
    if (!file) {
        std::fprintf(stderr, "cannot open %s\n", argv[1]);
        return 2;
    }
    Validator validator;
    pgn::StreamParser parser(file);
    auto error = parser.readGames(validator);
    if (error.hasError()) {
        std::fprintf(stderr, "%s\n", error.message().c_str());
        return 2;
    }
    std::printf("games %ld, invalid %ld\n", validator.games(), validator.invalid());
    return validator.invalid() > 0 ? 1 : 0;
}
