// The clickable board: the server's own drawing of the position
// (`/console/board`, the public pages' SVG) under a grid of buttons, one
// per square (chess) or point (Xiangqi). It knows no rules: the legal
// moves come from the game's state (`legal_moves`, computed by the rules
// crates), narrowed by what the Laws oblige (`pending`).

const GEOMETRY = {
  chess: { files: 'abcdefgh', ranks: 8, firstRank: 1 },
  xiangqi: { files: 'abcdefghi', ranks: 10, firstRank: 0 },
};

export class Board {
  // `onMove(uci)` when a move is chosen, `onSelect(square)` when the
  // selection changes (null: none).
  constructor(root, kind, onMove, onSelect) {
    this.root = root;
    this.kind = kind;
    this.onMove = onMove;
    this.onSelect = onSelect;
    this.moves = [];
    this.selected = null;
    this.fen = null;
    this.grid = root.querySelector('.squares');
    const g = GEOMETRY[kind];
    for (let r = g.ranks - 1; r >= 0; r -= 1) {
      for (const file of g.files) {
        const square = `${file}${r + g.firstRank}`;
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'sq';
        b.dataset.square = square;
        b.setAttribute('aria-label', square);
        b.addEventListener('click', () => this.click(square));
        this.grid.append(b);
      }
    }
    this.promotion = document.getElementById('promotion');
    this.promotion?.addEventListener('click', (e) => {
      const role = e.target?.dataset?.role;
      if (role === undefined) return;
      const pending = this.pendingPromotion;
      this.promotion.hidden = true;
      this.pendingPromotion = null;
      if (role && pending) this.onMove(`${pending}${role}`);
    });
  }

  // Draws `fen` (only when it changed) and takes the moves the player to
  // move may play now.
  async show(fen, moves) {
    this.moves = moves;
    this.select(null);
    if (fen === this.fen) return;
    this.fen = fen;
    const url = `/console/board?game=${this.kind}&fen=${encodeURIComponent(fen)}`;
    try {
      const response = await fetch(url);
      if (!response.ok || this.fen !== fen) return;
      const svg = await response.text();
      const old = this.root.querySelector('svg');
      const holder = document.createElement('div');
      holder.innerHTML = svg;
      const drawn = holder.querySelector('svg');
      if (old && drawn) old.replaceWith(drawn);
    } catch {
      // The old drawing stays; the next state draws again.
    }
  }

  destinations(from) {
    return this.moves.filter((m) => m.startsWith(from)).map((m) => m.slice(2, 4));
  }

  select(square) {
    this.selected = square;
    const dests = square ? this.destinations(square) : [];
    for (const b of this.grid.children) {
      b.classList.toggle('selected', b.dataset.square === square);
      b.classList.toggle('dest', dests.includes(b.dataset.square));
      b.classList.toggle('movable', !square && this.moves.some((m) => m.startsWith(b.dataset.square)));
    }
    if (this.promotion) this.promotion.hidden = true;
    this.onSelect(square);
  }

  click(square) {
    const from = this.selected;
    if (from && from !== square) {
      const candidates = this.moves.filter((m) => m.slice(0, 4) === `${from}${square}`);
      if (candidates.length === 1) {
        this.select(null);
        this.onMove(candidates[0]);
        return;
      }
      if (candidates.length > 1 && this.promotion) {
        // A pawn reaching the last rank: the arbiter names the piece.
        this.pendingPromotion = `${from}${square}`;
        this.promotion.hidden = false;
        this.promotion.querySelector('button')?.focus();
        return;
      }
    }
    this.select(from === square ? null : square);
  }
}
