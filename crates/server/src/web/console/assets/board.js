// The clickable board: the server's own drawing of the position
// (`/console/board`, the public pages' SVG) under a grid of buttons, one
// per square (chess) or point (Xiangqi). It knows no rules: the legal
// moves come from the game's state (`legal_moves`, computed by the rules
// crates), narrowed by what the Laws oblige (`pending`).
//
// By keyboard alone: the grid is one tab stop; the arrow keys move between
// squares, Enter or Space selects a piece and then its destination. Each
// square's name says what stands on it ("e2, White pawn").

import { t } from './i18n.js';

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
    this.geometry = g;
    this.grid.setAttribute('role', 'group');
    this.grid.setAttribute('aria-label', t('console-board-label', {}, 'Board'));
    for (let r = g.ranks - 1; r >= 0; r -= 1) {
      for (const file of g.files) {
        const square = `${file}${r + g.firstRank}`;
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'sq';
        b.dataset.square = square;
        b.tabIndex = this.grid.children.length === 0 ? 0 : -1;
        b.setAttribute('aria-label', square);
        b.addEventListener('click', () => this.click(square));
        b.addEventListener('focus', () => this.rove(b));
        this.grid.append(b);
      }
    }
    this.grid.addEventListener('keydown', (e) => this.key(e));
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

  // The one square of the grid reached by Tab: the last one focused.
  rove(button) {
    for (const b of this.grid.children) b.tabIndex = b === button ? 0 : -1;
  }

  // Arrow keys move the focus a square (Home/End: the rank's ends).
  key(e) {
    const squares = [...this.grid.children];
    const i = squares.indexOf(document.activeElement);
    if (i < 0) return;
    const files = this.geometry.files.length;
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -files, ArrowDown: files }[e.key];
    let next = null;
    if (step !== undefined) {
      const target = i + step;
      const sameRank = Math.floor(target / files) === Math.floor(i / files);
      if (target >= 0 && target < squares.length && (Math.abs(step) === files || sameRank)) {
        next = squares[target];
      }
    } else if (e.key === 'Home') {
      next = squares[i - (i % files)];
    } else if (e.key === 'End') {
      next = squares[i - (i % files) + files - 1];
    } else {
      return;
    }
    e.preventDefault();
    if (next) next.focus();
  }

  // Each square's name with what stands on it, from the FEN's placement.
  label(fen) {
    const rows = (fen || '').split(' ')[0].split('/');
    const squares = [...this.grid.children];
    const files = this.geometry.files.length;
    rows.forEach((row, r) => {
      let f = 0;
      for (const c of row) {
        if (/\d/.test(c)) {
          for (let k = 0; k < Number(c); k += 1) this.name(squares[r * files + f + k], null);
          f += Number(c);
        } else {
          this.name(squares[r * files + f], c);
          f += 1;
        }
      }
    });
  }

  name(button, piece) {
    if (!button) return;
    const square = button.dataset.square;
    if (!piece) {
      button.setAttribute('aria-label', square);
      return;
    }
    const white = piece === piece.toUpperCase();
    const side = this.kind === 'xiangqi'
      ? t(white ? 'colour-red' : 'colour-black')
      : t(white ? 'colour-white' : 'colour-black');
    const letter = piece.toLowerCase();
    const key = this.kind === 'xiangqi'
      ? `console-piece-xiangqi-${white ? 'red' : 'black'}-${letter}`
      : `console-piece-chess-${letter}`;
    const what = t(key, {}, piece);
    button.setAttribute('aria-label', t('console-square-piece', { square, side, piece: what },
      `${square}, ${side} ${what}`));
  }

  // Draws `fen` (only when it changed) and takes the moves the player to
  // move may play now.
  async show(fen, moves) {
    this.moves = moves;
    this.select(null);
    if (fen === this.fen) return;
    this.fen = fen;
    this.label(fen);
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
