// nimlab — play against the computer. Plain JavaScript, no build step, no external assets.
//
// The game is stateless on the server: the page keeps the start position and the
// positions after each move, and sends them with every request (POST /api/play/*).
// Moves are made by clicking stones (take them), gaps between stones (split a heap)
// or heap labels (delete a heap); every move is checked by the server.
"use strict";

(() => {
  const T = JSON.parse(document.getElementById("i18n").textContent);
  const $ = (id) => document.getElementById(id);
  const MANY = 60; // heaps bigger than this are shown as a number, not as stones

  const game = {
    setup: null, // {game, start, level, first, seed, lang}
    moves: [], // positions after each move
    state: null, // the server's answer
    pending: null, // a move being composed: {cuts: Map(heap -> [cut, …]), deleted: Map(heap -> parts), run: [heap, a, b]}
    both: false, // Wythoff: take from both heaps
    busy: false,
    reply: null, // the computer's last move and why
    redo: [], // positions taken back by undo, the next one last
    auto: null, // computer against computer: the timer of the next move
    autoPlayed: false, // the last moves were made by computer against computer
    generation: 0, // counts games: an answer for an earlier game is dropped
    controller: null, // aborts the request in flight when a new game starts
  };
  const SPEEDS = { slow: 1600, normal: 700, fast: 150 }; // ms between moves, computer vs computer

  function t(key, values) {
    let text = T[key] || key;
    for (const [k, v] of Object.entries(values || {})) text = text.replace(`{${k}}`, v);
    return text;
  }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") node.className = v;
      else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else if (v !== false && v !== null && v !== undefined) node.setAttribute(k, v === true ? "" : v);
    }
    for (const child of children) node.append(child);
    return node;
  }

  async function post(path, extra, signal) {
    const body = Object.assign(
      {
        game: game.setup.game,
        start: game.setup.start,
        moves: game.moves,
        level: game.setup.level,
        first: game.setup.first,
        seed: game.setup.seed,
        lang: game.setup.lang,
        misere: Boolean(game.setup.misere),
      },
      extra || {},
    );
    const lang = encodeURIComponent(game.setup.lang || "en");
    let response;
    try {
      response = await fetch(`${path}?lang=${lang}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        signal,
      });
    } catch (error) {
      if (error.name === "AbortError") throw error;
      throw { kind: "no_answer", message: t("play.no_answer") }; // offline, or the server is down
    }
    // A proxy's or a crashed server's page is no answer of nimlab's: said in the page's words.
    const data = await response.json().catch(() => null);
    if (response.ok && data) return data;
    if (data && data.error && data.error.message) throw data.error;
    throw { kind: "no_answer", message: `${t("play.bad_answer")} (HTTP ${response.status})` };
  }

  // The form's words for the request's fields (the others, "moves.0", are not named).
  const LABELS = { game: "game.game", start: "game.position", level: "play.level", first: "play.first" };

  // What a refusal says to a player: without the request field it names ("start: ",
  // "moves.0: "; named as the form names it where the message needs it), and a refused
  // move or an analysis over the server's limits in a player's words, not a developer's.
  function playerMessage(error) {
    if (!error) return "";
    if (game.state && error.kind === "too_large") {
      // A hint or an explanation needs the whole analysis, at every level; the game goes on.
      if (/\/(hint|explain)$/.test(error.during || "")) return t("play.too_big_hint");
      return t(game.setup.level === "random" ? "play.too_big_random" : "play.too_big");
    }
    let text = error.message || String(error);
    if (error.field && text.startsWith(`${error.field}: `)) {
      text = text.slice(error.field.length + 2);
      // A bound of the request ("2,001 characters is too long") says nothing of the field.
      if (LABELS[error.field] && error.kind === "invalid_option") text = `${t(LABELS[error.field])}: ${text}`;
    }
    return text;
  }

  function showError(error) {
    // Before a game has started its panel is hidden: a refused start is said under the form.
    for (const id of ["play-error", "setup-error"]) {
      const box = $(id);
      const here = Boolean(error) && (id === "play-error") === Boolean(game.state);
      box.hidden = !here;
      box.textContent = here ? playerMessage(error) : "";
      if (here) box.scrollIntoView({ block: "nearest" });
    }
  }

  // The empty position (every heap gone) as the command line writes it.
  function shown(position) {
    return position === "" ? "∅" : position;
  }

  async function run(path, extra) {
    if (game.busy) return null;
    const generation = game.generation;
    game.busy = true;
    game.controller = new AbortController();
    showError(null);
    document.body.classList.add("busy");
    if (game.state) {
      $("status").textContent = t("play.thinking");
      $("status").className = "status";
    }
    game.refusal = null;
    try {
      const before = game.moves.length;
      const data = await post(path, extra, game.controller.signal);
      if (generation !== game.generation) return null; // a new game began meanwhile
      if (data.state) accept(data.state);
      // A hint or an explanation leaves the computer's last move on show.
      if ("reply" in data || game.moves.length !== before) game.reply = data.reply || null;
      return data;
    } catch (error) {
      if (generation !== game.generation) return null;
      if (error && typeof error === "object") error.during = path;
      game.refusal = error;
      showError(error);
      return null;
    } finally {
      if (generation === game.generation) {
        game.busy = false;
        document.body.classList.remove("busy");
        render();
      }
    }
  }

  function accept(state) {
    game.state = state;
    game.moves = state.moves;
    game.pending = null;
    $("hint-box").hidden = true;
    $("explanation").hidden = true;
    sessionStorage.setItem("nimlab-play", JSON.stringify({ setup: game.setup, moves: game.moves }));
  }

  // -- moves --------------------------------------------------------------------------
  //
  // The page draws one board per game (one for each component of a sum). Heaps are
  // numbered across all boards: heap i is heap rows[i].k of board rows[i].b.

  function rows() {
    const list = [];
    game.state.boards.forEach((board, b) => {
      if (!board.heaps) return;
      const exact = exactHeaps(board);
      board.heaps.forEach((h, k) => list.push({ b, k, h, exact: exact[k] }));
    });
    return list;
  }

  // Heaps exactly, as BigInt, from the board's position text (JSON numbers keep 53 bits).
  function exactHeaps(board) {
    const text = board.take_away ? board.position.split("/")[0] : board.position;
    return text ? text.split(",").map((x) => BigInt(x.trim())) : [];
  }

  // A take-away position's limit exactly, from its text "n/m" (the JSON number may be rounded).
  function exactLimit(board) {
    return BigInt(board.position.split("/")[1].trim());
  }

  function order(a, b) {
    return a < b ? -1 : a > b ? 1 : 0;
  }

  function canonical(heaps) {
    return [...heaps].sort(order).join(",");
  }

  // The whole position once board b has become `text`.
  function target(b, text) {
    const parts = game.state.boards.map((board) => board.position);
    parts[b] = text;
    return parts.join(" + ");
  }

  // The listed move to `to`; else the target itself, for the server to check (and, if no
  // move reaches it, to say what the rules allow).
  function findTarget(to) {
    return game.state.legal.find((m) => m.to === to) || { to };
  }

  function findMove(b, heaps) {
    if (heaps.some((h) => h < 0)) return undefined;
    return findTarget(target(b, canonical(heaps)));
  }

  // Take-away: leave `left` stones; the opponent may then take C times what was taken.
  function findTakeAway(b, left) {
    const board = game.state.boards[b];
    const taken = exactHeaps(board)[0] - BigInt(left);
    const limit = BigInt(board.multiplier) * taken;
    const m = limit < BigInt(left) ? limit : BigInt(left);
    return findTarget(target(b, `${left}/${m}`));
  }

  async function play(move) {
    if (!move) {
      showError({ message: t(game.state.legal_complete ? "play.illegal" : "play.illegal_some") });
      return;
    }
    game.redo = [];
    game.autoPlayed = false;
    const data = await run("/api/play/move", { to: move.to });
    if (data) settle();
  }

  // After a move the focus (and the view) goes to the status line, which says whose turn
  // it is: the button that was pressed is gone with the old position.
  function settle() {
    const status = $("status");
    if (status.offsetParent !== null) status.focus();
  }

  // The heaps of heap i's board with heap i replaced by `replacement`.
  function heapsAfter(i, replacement) {
    const row = rows()[i];
    const heaps = [...game.state.boards[row.b].heaps];
    heaps.splice(row.k, 1, ...replacement);
    return heaps;
  }

  // Clicking stone j (0-based) of heap i leaves the j stones to its left.
  function clickStone(i, j) {
    if (!myTurn()) return;
    const { b, h } = rows()[i];
    const board = game.state.boards[b];
    const mode = board.play;
    if (mode === "take" && board.take_away) return play(findTakeAway(b, j));
    if (mode === "take") return play(findMove(b, heapsAfter(i, [j])));
    if (mode === "queen") {
      if (!game.both) return play(findMove(b, heapsAfter(i, [j])));
      return play(findMove(b, board.heaps.map((x) => x - (h - j))));
    }
    if (mode === "knock") return knock(i, j);
    return null;
  }

  // Octal games: select a run of stones in one heap, then take it.
  // Redraw the heaps and give the focus back to the stone, gap or size that had it.
  function renderKeepingFocus() {
    const active = document.activeElement;
    const heap = active && active.closest ? active.closest(".heap") : null;
    if (!heap) return render();
    const which = ["stone", "gap"].find((k) => active.dataset[k] !== undefined);
    const selector = which ? `[data-${which}="${active.dataset[which]}"]` : ".label";
    render();
    const again = document.querySelector(`#heaps .heap[data-heap="${heap.dataset.heap}"] ${selector}`);
    if (again) {
      again.closest(".heap").querySelectorAll(".stones-row button").forEach((b) => (b.tabIndex = -1));
      again.tabIndex = 0;
      again.focus();
    }
    return null;
  }

  // A stone outside the run widens it (in its heap; in another heap it starts a new one), a
  // selected end stone leaves the run, a selected stone in the middle clears it.
  function knock(i, j) {
    const run = game.pending && game.pending.run;
    const inside = run && run[0] === i && j >= run[1] && j <= run[2];
    if (inside && run[1] === run[2]) game.pending = null;
    else if (inside && j === run[1]) run[1] += 1;
    else if (inside && j === run[2]) run[2] -= 1;
    else if (inside) game.pending = null;
    else if (run && run[0] === i) game.pending.run = [i, Math.min(run[1], j), Math.max(run[2], j)];
    else game.pending = { run: [i, j, j] };
    renderKeepingFocus();
  }

  // Forget the move being composed (a selected run, cuts, deleted heaps).
  function clearPending() {
    if (!game.pending) return;
    game.pending = null;
    renderKeepingFocus();
  }

  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && game.pending && myTurn()) clearPending();
  });

  function takeRun() {
    const [i, a, z] = game.pending.run;
    const { b, h } = rows()[i];
    const parts = [a, h - z - 1].filter((x) => x > 0);
    play(findMove(b, heapsAfter(i, parts)));
  }

  // Split modes: a gap after stone j of heap i cuts the heap there. Where a move cuts a
  // heap once, another gap moves the cut; where it may cut it more often
  // (delete-nim:all-but-one), each gap is one more cut. A cut gap clicked again is not cut.
  function clickGap(i, j) {
    if (!myTurn()) return;
    const { b, h } = rows()[i];
    const board = game.state.boards[b];
    if (["split", "knock"].includes(board.play)) return play(findMove(b, heapsAfter(i, [j, h - j])));
    compose();
    const cuts = game.pending.cuts;
    const here = cuts.get(i) || [];
    let next = [j];
    if (here.includes(j)) next = here.filter((c) => c !== j);
    else if ((board.cuts || 1) > 1) next = [...here, j].sort((x, y) => x - y);
    if (next.length) cuts.set(i, next);
    else cuts.delete(i);
    game.pending.deleted.delete(i); // its parts have changed
    return renderKeepingFocus();
  }

  // The parts heap i (of h stones) is cut into by the move being composed, left to right.
  function pieces(i, h) {
    const cuts = (game.pending && game.pending.cuts && game.pending.cuts.get(i)) || [];
    const ends = [0, ...cuts, h];
    return ends.slice(1).map((end, k) => end - ends[k]);
  }

  function composing(board) {
    return ["split-delete", "delete-split"].includes(board.play);
  }

  function clickLabel(i) {
    if (!myTurn() || !composing(game.state.boards[rows()[i].b])) return;
    compose();
    // Each click deletes one more part of the heap (the right-hand one first), then none.
    const deleted = game.pending.deleted;
    const parts = pieces(i, rows()[i].h).length;
    const next = ((deleted.get(i) || 0) + 1) % (parts + 1);
    next ? deleted.set(i, next) : deleted.delete(i);
    renderKeepingFocus();
  }

  function compose() {
    if (!game.pending || !game.pending.cuts) game.pending = { cuts: new Map(), deleted: new Map() };
  }

  // The composed move: each heap cut where marked, then the marked number of its
  // parts deleted (the right-hand part first). A move acts on one board only.
  function composedMove() {
    const { cuts, deleted } = game.pending;
    const all = rows();
    const touched = new Set([...cuts.keys(), ...deleted.keys()].map((i) => all[i].b));
    if (touched.size !== 1) return undefined;
    const [b] = touched;
    const result = [];
    all.forEach((row, i) => {
      if (row.b !== b) return;
      const parts = pieces(i, row.h);
      result.push(...parts.slice(0, parts.length - (deleted.get(i) || 0)));
    });
    return findMove(b, result);
  }

  // The move that leaves j stones of heap i when the heaps are too big for Numbers:
  // exact BigInt arithmetic on the position's text.
  function hugeMove(i, j) {
    const row = rows()[i];
    const board = game.state.boards[row.b];
    if (board.take_away) return findTakeAway(row.b, j);
    const heaps = exactHeaps(board);
    let after = [...heaps];
    if (board.play === "split") after.splice(row.k, 1, j, row.exact - j);
    else if (board.play === "queen" && game.both) after = heaps.map((h) => h - (row.exact - j));
    else after.splice(row.k, 1, j);
    if (after.some((h) => h < 0n)) return undefined;
    return findTarget(target(row.b, canonical(after)));
  }

  function myTurn() {
    return game.state && !game.state.over && game.state.turn === "you" && !game.busy;
  }

  // -- rendering --------------------------------------------------------------------

  function render() {
    const state = game.state;
    if (!state) {
      $("play").hidden = true; // a refused new game: no board of the game before
      return;
    }
    $("play").hidden = false;
    const named = game.setup.game.trim();
    const title = named && named !== state.game ? `${named} (${state.game})` : state.game;
    $("play-heading").textContent = `${title} — ${shown(state.position)}`;
    $("play-rule").textContent = state.misere ? t("play.misere_on") : "";
    const status = $("status");
    status.className = "status";
    if (state.over) {
      const human = state.winner === "you";
      const key = human ? "play.you_win" : "play.computer_wins";
      if (game.autoPlayed) status.textContent = t(human ? "play.auto_over_you" : "play.auto_over_computer");
      else status.textContent = t(state.misere ? key + "_misere" : key);
      if (!state.moves.length) status.textContent = `${t("play.over_at_start")} ${status.textContent}`;
      status.classList.add(human ? "win" : "lose");
    } else if (game.auto !== null) {
      status.textContent = t("play.auto_running");
    } else {
      status.textContent = t(state.turn === "you" ? "play.your_move" : "play.thinking");
    }
    const reply = $("reply");
    reply.hidden = !game.reply;
    if (game.reply) {
      const who = t(game.reply.by === "you" ? "play.your_side_moved" : "play.computer_moved");
      reply.textContent = `${who}: ${game.reply.move} → ${shown(game.reply.to)} — ${game.reply.why}`;
    }
    $("again").hidden = !state.over;
    $("moves").hidden = state.over;
    renderHeaps(state);
    renderModeControls(state);
    renderMoveList(state);
    renderLog(state);
    renderChart(state);
    renderRules(state);
    const auto = game.auto !== null;
    // Undo takes back a move of yours (and the replies to it): none yet, nothing to undo.
    $("undo").disabled = !state.history.some((h) => h.by === "you") || game.busy || auto;
    $("redo").disabled = !game.redo.length || game.busy || auto;
    $("hint").disabled = !myTurn() || auto;
    $("auto").disabled = state.over;
    $("auto").textContent = t(auto ? "play.auto_stop" : "play.auto");
    $("auto").setAttribute("aria-pressed", String(auto));
    const analysed = new URLSearchParams({ game: state.game, position: state.position });
    if (state.misere) analysed.set("misere", "true");
    $("analyse-link").href = `/game?${analysed}`;
  }

  function renderHeaps(state) {
    const box = $("heaps");
    box.replaceChildren();
    const pending = game.pending || {};
    const all = rows();
    const sum = state.boards.length > 1;
    state.boards.forEach((board, b) => {
      if (sum) box.append(el("h3", { class: "component" }, `${board.game}: ${board.position}`));
      if (!board.heaps) {
        box.append(el("p", { class: "note" }, t("play.use_list")));
        return;
      }
      all.forEach((row, i) => {
        if (row.b === b) box.append(heapRow(board, pending, i, row.h));
      });
      if (board.take_away) box.append(el("p", { class: "note" }, t("play.limit", { m: String(exactLimit(board)) })));
    });
  }

  function heapRow(board, pending, i, h) {
    const row = el("div", { class: "heap", "data-heap": i });
    // The deleted parts of the heap, the right-hand ones first: their stones are dimmed.
    const parts = pending.cuts ? pieces(i, h) : [h];
    const deleted = (pending.deleted && pending.deleted.get(i)) || 0;
    const kept = parts.slice(0, parts.length - deleted).reduce((x, y) => x + y, 0);
    if (deleted) row.classList.add(deleted === parts.length ? "deleting" : "deleting-right");
    const text = String(rows()[i].exact);
    const label = composing(board)
      ? el("button", { class: "label", type: "button", title: t("play.label_hint"), onclick: () => clickLabel(i) }, text)
      : el("span", { class: "label" }, text);
    row.append(label);
    if (h > MANY) {
      row.append(bigHeap(board, i));
      return row;
    }
    const stones = el("div", { class: "stones-row" });
    for (let j = 0; j < h; j++) {
      if (j > 0 && (["split", "split-delete", "delete-split"].includes(board.play) || (board.play === "knock" && board.split))) {
        const cut = Boolean(pending.cuts && (pending.cuts.get(i) || []).includes(j));
        const split = ["split", "knock"].includes(board.play) ? findMove(rows()[i].b, heapsAfter(i, [j, h - j])) : null;
        stones.append(el("button", { class: "gap" + (cut ? " cut" : "") + valueClass(split), type: "button", tabindex: -1, "data-gap": j, "aria-label": t("play.split_here", { j }) + valueWords(split), onclick: () => clickGap(i, j) }));
      }
      const selected = pending.run && pending.run[0] === i && j >= pending.run[1] && j <= pending.run[2];
      const move = stoneMove(board, i, j);
      const stone = el("button", {
        class: "stone" + (selected ? " selected" : "") + (deleted && j >= kept ? " gone" : "") + valueClass(move),
        type: "button",
        "data-stone": j,
        "data-outcome": move && move.outcome ? move.outcome : null,
        tabindex: j === h - 1 ? 0 : -1, // one stop a heap; the arrow keys move along it
        "aria-label": stoneWords(board, j, h) + valueWords(move),
        onclick: () => clickStone(i, j),
      });
      if (["take", "queen"].includes(board.play)) {
        stone.addEventListener("mouseenter", () => preview(stones, j));
        stone.addEventListener("mouseleave", () => preview(stones, h));
      }
      stones.append(stone);
    }
    stones.addEventListener("keydown", (event) => roam(stones, event));
    row.append(stones);
    return row;
  }

  // A heap's stones and gaps are one tab stop: the arrow keys, Home and End move along them.
  function roam(stones, event) {
    const keys = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1, Home: -Infinity, End: Infinity };
    if (!(event.key in keys)) return;
    const items = [...stones.querySelectorAll("button")];
    const k = items.indexOf(document.activeElement);
    if (k < 0) return;
    event.preventDefault();
    const step = keys[event.key];
    const next = Number.isFinite(step) ? Math.min(Math.max(k + step, 0), items.length - 1) : step < 0 ? 0 : items.length - 1;
    items[k].tabIndex = -1;
    items[next].tabIndex = 0;
    items[next].focus();
  }

  // What clicking stone j (0-based) of a heap of h does, for a screen reader.
  function stoneWords(board, j, h) {
    if (board.play === "knock") return t("play.stone_select", { j: j + 1, h });
    if (["take", "queen"].includes(board.play)) return t("play.stone_leave", { j: j + 1, h, left: j });
    return t("play.stone", { j: j + 1, h });
  }

  // The move clicking stone j of heap i makes ("take from here": stone j and every stone
  // after it go), where a click makes a whole move by itself; else null.
  function stoneMove(board, i, j) {
    if (!myTurn()) return null;
    const b = rows()[i].b;
    if (board.take_away) return board.play === "take" ? findTakeAway(b, j) || null : null;
    if (board.play === "take" || (board.play === "queen" && !game.both)) return findMove(b, heapsAfter(i, [j])) || null;
    if (board.play === "queen") return findMove(b, board.heaps.map((x) => x - (rows()[i].h - j))) || null;
    return null;
  }

  // Colour a stone by the value of its move for you, when the values are shown.
  function valueClass(move) {
    return move && move.outcome && $("show-values").checked ? " " + move.outcome : "";
  }

  function valueWords(move) {
    if (!move || !move.outcome || !$("show-values").checked) return "";
    const known = move.remoteness !== null && move.remoteness !== undefined;
    return ` — ${t("play.value." + move.outcome)}${known ? " · " + move.remoteness : ""}`;
  }

  function preview(stones, from) {
    stones.querySelectorAll(".stone").forEach((s) => s.classList.toggle("preview", Number(s.dataset.stone) >= from));
  }

  // A heap too big to draw: type how many stones to leave (octal games: taken from the end).
  function bigHeap(board, i) {
    const exact = rows()[i].exact;
    const input = el("input", { type: "number", class: "leave", min: 0, max: String(exact - 1n), value: String(exact - 1n), "aria-label": t("play.leave") });
    const button = el("button", { type: "button", class: "secondary" }, t("play.leave_button"));
    button.addEventListener("click", () => {
      if (!myTurn()) return null;
      if (!/^\d+$/.test(input.value.trim())) return showError({ message: t("play.leave_number", { max: String(exact - 1n) }) });
      const j = BigInt(input.value.trim());
      return play(hugeMove(i, j));
    });
    input.addEventListener("keydown", (event) => {
      if (event.key !== "Enter") return;
      event.preventDefault(); // the box is in no form: Enter plays, as the button does
      button.click();
    });
    const digits = String(exact).length;
    const parts = [el("label", {}, t("play.leave"), " ", input), button];
    if (digits > 12) parts.unshift(el("span", { class: "count" }, t("play.digits", { d: digits })));
    return el("span", { class: "many" }, ...parts);
  }

  function renderModeControls(state) {
    const box = $("mode-controls");
    box.replaceChildren();
    if (!myTurn()) return;
    const modes = state.boards.map((board) => board.play);
    if (modes.includes("queen")) {
      const both = el("input", { type: "checkbox", id: "both" });
      both.checked = game.both;
      both.addEventListener("change", () => {
        game.both = both.checked;
        render();
      });
      box.append(el("label", {}, both, " ", t("play.both")));
    }
    if (modes.includes("knock") && game.pending && game.pending.run) {
      box.append(el("button", { type: "button", id: "take-run", onclick: takeRun }, t("play.take_selected")));
      box.append(clearButton());
    }
    if (modes.includes("knock") && !(game.pending && game.pending.run)) {
      // What may be taken, and whether a gap splits, as the game's digits say.
      const said = new Set(state.boards.filter((board) => board.play === "knock").map((board) => board.how || t("play.how_knock")));
      for (const how of said) box.append(el("span", { class: "note" }, how));
    }
    for (const mode of ["split-delete", "delete-split"]) {
      if (!modes.includes(mode)) continue;
      box.append(el("span", { class: "note" }, t(mode === "split-delete" ? "play.how_split_delete" : "play.how_delete_split")));
    }
    if (state.boards.some(composing) && game.pending && game.pending.cuts) {
      box.append(el("button", { type: "button", id: "compose-play", onclick: () => play(composedMove()) }, t("play.play_move")));
      box.append(clearButton());
    }
  }

  function clearButton() {
    return el("button", { type: "button", id: "clear-selection", class: "secondary", onclick: clearPending }, t("play.reset"));
  }

  // Every legal move as a button, coloured by its value for the mover (as GamesmanUni
  // does): win = it reaches a P-position, lose = it does not. The remoteness shown is
  // the one the server computed; where it computed none, none is shown.
  function renderMoveList(state) {
    const box = $("move-list");
    const show = $("show-values").checked;
    box.classList.toggle("valued", show);
    box.replaceChildren();
    for (const m of state.legal) {
      const known = m.remoteness !== null && m.remoteness !== undefined;
      const value = m.outcome ? t("play.value." + m.outcome) + (known ? ` · ${m.remoteness}` : "") : "";
      const label = `${m.move} → ${shown(m.to)}` + (show && value ? ` (${value})` : "");
      const button = el(
        "button",
        {
          type: "button",
          class: "move" + (m.outcome ? " " + m.outcome : ""),
          "data-to": m.to,
          "data-outcome": m.outcome || "",
          "data-remoteness": known ? String(m.remoteness) : "",
          "aria-label": label,
          disabled: !myTurn() || game.auto !== null,
          onclick: () => play(m),
        },
        el("span", { class: "what" }, `${m.move} → `, el("code", {}, shown(m.to))),
      );
      if (show && value) button.append(el("span", { class: "value" }, value));
      box.append(button);
    }
    $("moves-more").hidden = state.legal_complete;
  }

  function renderRules(state) {
    const box = $("rules-body");
    box.replaceChildren();
    for (const r of state.rules || []) {
      box.append(el("h3", {}, r.title, " ", el("code", {}, r.game)));
      if (r.about) box.append(el("p", {}, r.about));
      box.append(el("p", {}, el("strong", {}, t("play.rule") + ": "), r.rule));
      box.append(el("p", {}, el("strong", {}, t("play.strategy") + ": "), r.strategy));
    }
    box.append(el("p", { class: "note" }, t(state.misere ? "play.ending_misere" : "play.ending_normal")));
  }

  function renderLog(state) {
    const log = $("log");
    log.replaceChildren();
    state.history.forEach((h, k) => {
      if (k === 0) {
        log.append(el("li", { value: 0 }, `${t("play.start_position")}: ${shown(h.position)}`));
        return;
      }
      const who = t(h.by === "you" ? "play.you" : "play.computer");
      log.append(el("li", { value: k }, `${who}: ${h.move} → ${shown(h.position)}`));
    });
    log.scrollTop = log.scrollHeight;
  }

  // A value-history chart as GamesmanUni draws it: one row per position, the
  // winning side left (you) or right (the computer), remoteness growing outwards.
  function renderChart(state) {
    const rows = state.history;
    const width = 280, mid = width / 2, row = 22, top = 40;
    const known = rows.map((h) => h.remoteness).filter((r) => r !== null);
    const span = Math.max(4, ...known);
    const scale = (mid - 14) / span;
    const NS = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(NS, "svg");
    const height = top + rows.length * row + 6;
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    svg.setAttribute("width", width);
    svg.setAttribute("height", height);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", T["play.chart"]);
    const add = (tag, attrs, text) => {
      const node = document.createElementNS(NS, tag);
      for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
      if (text !== undefined) node.textContent = text;
      svg.append(node);
      return node;
    };
    add("text", { x: 2, y: 11 }, t("play.chart.you"));
    add("text", { x: width - 2, y: 11, "text-anchor": "end" }, t("play.chart.computer"));
    for (let r = 0; r <= span; r += Math.max(1, Math.ceil(span / 5))) {
      for (const side of [-1, 1]) {
        const x = mid + side * r * scale;
        add("line", { x1: x, x2: x, y1: top - 6, y2: height, stroke: r ? "#e3e7ea" : "#9aa6ae" });
        if (side === 1 || r === 0) add("text", { x, y: top - 9, "text-anchor": "middle" }, String(r));
        if (side === -1 && r) add("text", { x, y: top - 9, "text-anchor": "middle" }, String(r));
      }
    }
    let previous = null;
    rows.forEach((h, k) => {
      const mover = h.to_move; // "you" or "computer": who is to move here
      const winner = h.outcome === "N" ? mover : mover === "you" ? "computer" : "you";
      const side = winner === "you" ? -1 : 1;
      const r = h.remoteness === null ? span : h.remoteness;
      const x = mid + side * r * scale;
      const y = top + k * row + row / 2;
      if (previous) add("line", { x1: previous[0], y1: previous[1], x2: x, y2: y, stroke: "#8c99a3", "stroke-width": 1.5 });
      const dot = add("circle", {
        cx: x, cy: y, r: 5,
        fill: h.remoteness === null ? "#fff" : h.outcome === "N" ? "#2d7d46" : "#b5403a",
        stroke: h.outcome === "N" ? "#2d7d46" : "#b5403a",
        "stroke-width": 2,
        "data-row": k,
      });
      const title = document.createElementNS(NS, "title");
      title.textContent = `${k}: ${h.position} — ${h.outcome} ${h.remoteness === null ? "" : "(" + h.remoteness + ")"}`;
      dot.append(title);
      previous = [x, y];
    });
    $("chart-svg").replaceChildren(svg);
  }

  // -- controls ----------------------------------------------------------------------

  async function start(setup, moves) {
    stopAuto();
    game.generation += 1; // whatever is in flight belongs to the game before
    if (game.controller) game.controller.abort();
    game.busy = false;
    document.body.classList.remove("busy");
    game.setup = setup;
    game.moves = moves || [];
    game.redo = [];
    game.state = null;
    game.reply = null;
    game.autoPlayed = false;
    $("status").textContent = t("play.thinking"); // until the new game's state arrives
    $("status").className = "status";
    const generation = game.generation;
    const data = await run("/api/play/state");
    const refused = game.refusal || {};
    const replay = refused.kind === "illegal_move" || String(refused.field || "").startsWith("moves");
    if (!data && moves && moves.length && generation === game.generation && replay) {
      // The server refused the saved moves themselves (another version of the rules): begin
      // the game anew. A busy server or a lost connection keeps them for the next reload.
      sessionStorage.removeItem("nimlab-play");
      return start(setup);
    }
    if (data && data.state.turn === "computer" && !data.state.over) await run("/api/play/computer");
    return data;
  }

  // The example position of the game typed (the registry's), or "" if the game is unknown:
  // the server then says what is wrong with the game.
  async function example(spec) {
    try {
      const response = await fetch(`/api/game?game=${encodeURIComponent(spec)}&lang=${document.documentElement.lang}`);
      return response.ok ? String((await response.json()).example) : "";
    } catch (error) {
      return "";
    }
  }

  $("setup").addEventListener("submit", async (event) => {
    event.preventDefault();
    // An empty position starts the game's example, not the empty position (over at once).
    if (!$("play-position").value.trim()) {
      $("status").textContent = t("play.thinking"); // the new game is on its way
      $("play-position").value = await example($("play-game").value);
    }
    const setup = {
      game: $("play-game").value,
      start: $("play-position").value,
      level: $("play-level").value,
      first: $("play-first").value,
      misere: $("play-misere").checked,
      seed: Math.floor(Math.random() * 2 ** 31),
      lang: document.documentElement.lang,
    };
    const query = new URLSearchParams({ game: setup.game, position: setup.start, level: setup.level, first: setup.first });
    if (setup.misere) query.set("misere", "true");
    history.replaceState(null, "", `/play?${query}`);
    // The language link continues this game (the server wrote it for the address loaded).
    const other = setup.lang === "ja" ? "en" : "ja";
    $("lang-switch").href = `/play?${query}&lang=${other}`;
    start(setup);
  });

  $("show-values").addEventListener("change", () => render());

  // The same game again, from its start (a new seed for the random levels).
  $("again").addEventListener("click", () => {
    start(Object.assign({}, game.setup, { seed: Math.floor(Math.random() * 2 ** 31) }));
  });

  $("hint").addEventListener("click", async () => {
    const data = await run("/api/play/hint");
    if (!data) return;
    const box = $("hint-box");
    box.hidden = false;
    const move = data.hint || data.best;
    const said = move ? `${move.move} → ${shown(move.to)}` : "";
    box.replaceChildren(el("strong", {}, t("play.hint") + ": "), data.hint ? said : `${t("play.no_hint")} ${said}`);
    if (data.why) box.append(el("p", {}, data.why));
  });

  $("undo").addEventListener("click", async () => {
    const before = game.moves;
    const data = await run("/api/play/undo");
    if (data) game.redo.push(...before.slice(game.moves.length).reverse());
    render();
  });

  // Redo: play again the moves undo took back (the server checks them again).
  $("redo").addEventListener("click", async () => {
    if (!game.redo.length) return;
    const again = [];
    while (game.redo.length) {
      again.push(game.redo.pop());
      if (again.length > 1 && whoMoved(game.moves.length + again.length - 1) === "you") {
        game.redo.push(again.pop()); // stop before your next move: redo one of yours at a time
        break;
      }
    }
    const redo = game.redo;
    game.moves = game.moves.concat(again);
    await run("/api/play/state");
    game.redo = redo;
    render();
  });

  // Who made move k (0-based) of the game.
  function whoMoved(k) {
    const other = game.setup.first === "you" ? "computer" : "you";
    return k % 2 === 0 ? game.setup.first : other;
  }

  // Computer against computer: both sides move at the game's level, one move per tick.
  function stopAuto() {
    if (game.auto !== null) clearTimeout(game.auto);
    game.auto = null;
  }

  async function tick() {
    if (game.auto === null || !game.state || game.state.over) return stopAuto();
    game.redo = [];
    const side = game.state.turn;
    const data = await run("/api/play/auto");
    if (data && data.reply && game.reply) {
      game.reply.by = side;
      game.autoPlayed = true;
      render();
    }
    if (!data || game.auto === null || game.state.over) {
      stopAuto();
      render();
      return computerIfItsTurn();
    }
    game.auto = setTimeout(tick, SPEEDS[$("speed").value] || SPEEDS.normal);
    return null;
  }

  $("auto").addEventListener("click", async () => {
    if (game.auto === null) {
      game.auto = 0;
      tick();
      return render();
    }
    stopAuto();
    render();
    return computerIfItsTurn();
  });

  // Back to you against the computer: if it is the computer's turn, it moves.
  async function computerIfItsTurn() {
    if (game.busy || !game.state || game.state.over || game.state.turn !== "computer") return null;
    return run("/api/play/computer");
  }

  $("explain").addEventListener("click", async () => {
    const data = await run("/api/play/explain");
    if (!data) return;
    const box = $("explanation");
    box.hidden = false;
    const e = data.explanation;
    box.replaceChildren(el("strong", {}, `${t("play.explain")}: ${e.position} — ${t("outcome." + e.outcome)}`));
    for (const step of data.explanation.steps) {
      box.append(el("p", {}, step.text));
      if (step.lines.length) box.append(el("pre", {}, step.lines.join("\n")));
    }
  });

  // Start from the query (a "play from this position" link) or resume this tab's game.
  const saved = JSON.parse(sessionStorage.getItem("nimlab-play") || "null");
  const params = new URLSearchParams(location.search);
  // A setting the link gives must match the saved game's (one it leaves out matches any).
  const agrees = (key, value) => params.get(key) === null || params.get(key) === value;
  if (!$("setup-error").hidden) {
    // The page refused a field of the link (named under the form): no game starts.
  } else if (saved && saved.setup.game === params.get("game") && saved.setup.start === params.get("position") && Boolean(saved.setup.misere) === (params.get("misere") === "true") && agrees("level", saved.setup.level) && agrees("first", saved.setup.first)) {
    saved.setup.lang = document.documentElement.lang;
    $("play-level").value = saved.setup.level;
    $("play-first").value = saved.setup.first;
    start(saved.setup, saved.moves);
  } else if (params.get("game")) {
    $("setup").requestSubmit();
  }
})();
