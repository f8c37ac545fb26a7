// nimlab — seed 002's ○× board, built cell by cell. Plain JavaScript, no build step.
//
// The page holds the whole board and every step's explanation (so it reads without
// scripts); this script hides the marks not yet made and steps through them: forward,
// back, play at a chosen speed, or jump to the step of a clicked cell.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const steps = [...document.querySelectorAll("#step-list li")];
  const cells = new Map([...document.querySelectorAll("#oxboard .cell-button")].map((b) => [b.dataset.cell, b]));
  const SPEEDS = { slow: 1500, normal: 600, fast: 120 };
  const total = steps.length;
  const intro = $("step-text").dataset.start || "";
  let shown = 0; // steps made so far
  let timer = null;

  function show(k) {
    shown = Math.max(0, Math.min(total, k));
    for (const button of cells.values()) {
      const made = Number(button.dataset.step) < shown;
      button.textContent = made ? button.dataset.mark : "";
      button.classList.toggle("made", made);
      button.classList.remove("current", "via", "option");
      button.setAttribute("aria-label", `(${button.dataset.cell}) ${made ? button.dataset.mark : ""}`.trim());
    }
    steps.forEach((li, i) => {
      li.classList.toggle("done", i < shown - 1);
      li.classList.toggle("current", i === shown - 1);
    });
    const current = steps[shown - 1];
    if (current) {
      cells.get(current.dataset.cell).classList.add("current");
      if (current.dataset.via) cells.get(current.dataset.via).classList.add("via");
      else for (const c of current.dataset.options.split(" ").filter(Boolean)) cells.get(c)?.classList.add("option");
      $("step-text").textContent = `${shown}. ${current.textContent}`;
      const list = $("step-list");
      // The list is the items' offset parent: centre the current step in it.
      list.scrollTop = current.offsetTop - (list.clientHeight - current.offsetHeight) / 2;
    } else {
      $("step-text").textContent = intro;
    }
    $("step-count").textContent = `${shown} / ${total}`;
    $("step-slider").value = String(shown);
    const focused = document.activeElement;
    $("step-back").disabled = $("step-first").disabled = shown === 0;
    $("step-forward").disabled = $("step-last").disabled = shown === total;
    // A button disabled under the keyboard's focus would drop it to <body>: keep it on
    // the other end's button, which is now enabled.
    if (focused instanceof HTMLButtonElement && focused.disabled) {
      const other = { "step-first": "step-last", "step-back": "step-forward",
                      "step-forward": "step-back", "step-last": "step-first" }[focused.id];
      (other && !$(other).disabled ? $(other) : $("step-slider")).focus();
    }
    if (shown === total) stop();
  }

  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    const play = $("step-play");
    play.textContent = play.dataset.play;
    play.setAttribute("aria-pressed", "false");
  }

  function start() {
    if (shown === total) show(0);
    const play = $("step-play");
    play.textContent = play.dataset.pause;
    play.setAttribute("aria-pressed", "true");
    timer = setInterval(() => show(shown + 1), SPEEDS[$("step-speed").value] || SPEEDS.normal);
  }

  $("step-first").addEventListener("click", () => { stop(); show(0); });
  $("step-back").addEventListener("click", () => { stop(); show(shown - 1); });
  $("step-forward").addEventListener("click", () => { stop(); show(shown + 1); });
  $("step-last").addEventListener("click", () => { stop(); show(total); });
  $("step-play").addEventListener("click", () => (timer === null ? start() : stop()));
  $("step-speed").addEventListener("change", () => { if (timer !== null) { stop(); start(); } });
  $("step-slider").addEventListener("input", (e) => { stop(); show(Number(e.target.value)); });
  for (const button of cells.values()) {
    button.addEventListener("click", () => { stop(); show(Number(button.dataset.step) + 1); });
  }
  document.addEventListener("keydown", (e) => {
    if (e.target.closest && e.target.closest("input, select, textarea")) return;
    if (e.key === "ArrowRight") { stop(); show(shown + 1); }
    if (e.key === "ArrowLeft") { stop(); show(shown - 1); }
  });
  show(0);
})();
