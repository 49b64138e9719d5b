// Reads one PGN game from standard input with Fairy-Stockfish's own PGN
// reader (ffish.js, the npm package `ffish`; `.ci/run` installs it under
// target/ffish) and replays its moves on Fairy-Stockfish's board. Prints
// one JSON line: the variant, the number of plies, the final FEN and
// Fairy-Stockfish's result; exits 1 on a move it cannot play.
// Usage: node tests/ffish_replay.js FFISH_MODULE_DIR < game.pgn
// (FFISH_MODULE_DIR: the folder of the `ffish` package).

// The package's Emscripten loader prefers `fetch` when there is one, and
// Node 18+ has one that cannot read a file path: load the .wasm from disk.
globalThis.fetch = undefined;
const ffish = require(process.argv[2]);
ffish['onRuntimeInitialized'] = () => {
  const pgn = require('fs').readFileSync(0, 'utf8');
  const game = ffish.readGamePGN(pgn);
  const variant = game.headers('Variant').toLowerCase();
  const fen = game.headers('FEN');
  const board = fen ? new ffish.Board(variant, fen) : new ffish.Board(variant);
  const moves = game.mainlineMoves().split(' ').filter((m) => m);
  for (const m of moves) {
    if (!board.push(m)) {
      console.log(JSON.stringify({ error: `cannot play ${m}`, fen: board.fen() }));
      process.exit(1);
    }
  }
  console.log(JSON.stringify({ variant, plies: moves.length, fen: board.fen(), result: board.result() }));
  process.exit(0);
};
