// Rules at hand on the table page: the "how to play" link in the header, a line
// above the choices saying what the phase and the decision do and cost (the game's
// `explain` hook, in the state as `explain`), a "legend" fold under the board (the
// game's `legend` hook, sent with the board layer as `legend`) and refusals whose
// rule links to the section of the help page explaining it.
import { clear, el } from "/static/common.js";

const $ = (id) => document.getElementById(id);
let legend = null;      // the last legend received: [{symbol, meaning}]
let legendShown = null; // the legend drawn in the fold

export function helpPage(game) { return `/games/${encodeURIComponent(game)}/help`; }

// The address of the help page's section on a rule a refusal named ("2.1) Orders ...").
export function ruleHref(game, rule) {
  return `${helpPage(game)}/rule?${new URLSearchParams({ rule })}`;
}

export function ruleLink(game, rule) {
  return el("a", { href: ruleHref(game, rule), target: "_blank", rel: "noopener", class: "rulelink", title: "how to play: this rule", text: `[${rule}]` });
}

// A refusal's words, then its rule as a link to the help page.
export function showRefusal(box, detail, rule, game) {
  clear(box);
  box.append(document.createTextNode(`${detail || ""} `));
  if (rule) box.append(game ? ruleLink(game, rule) : `[${rule}]`);
}

export function drawHelp(snap) {
  drawHowTo(snap.game);
  drawExplanation(snap);
  if (Array.isArray(snap.legend)) legend = snap.legend;
  drawLegend();
}

function drawHowTo(game) {
  const link = $("howto");
  if (!link) return;
  link.href = helpPage(game);
  link.hidden = false;
}

// The line above the choices: the phase, then the decision (bold), then "more" links.
function drawExplanation(snap) {
  let line = $("explain");
  if (!line) {
    line = el("div", { id: "explain", class: "explain", "aria-live": "polite" });
    $("prompt").after(line);
  }
  const words = snap.explain;
  clear(line);
  line.hidden = !words || snap.over;
  if (line.hidden) return;
  if (words.phase) line.append(el("span", { class: "phase", text: words.phase }));
  if (words.decision) line.append(" ", el("strong", { class: "decision", text: words.decision }));
  const anchors = words.rules || [];
  if (anchors.length) {
    const more = el("span", { class: "more" }, " More: ");
    anchors.forEach((anchor, k) => {
      if (k) more.append(", ");
      more.append(el("a", { href: `${helpPage(snap.game)}#${encodeURIComponent(anchor)}`, target: "_blank", rel: "noopener", text: anchor.replaceAll("-", " ") }));
    });
    line.append(more);
  }
}

// The fold under the board: every symbol the board draws, with its meaning. The
// symbols are the game's own SVG (from its renderer, which escapes its text).
function drawLegend() {
  const board = $("board");
  if (!board) return;
  let fold = $("legend");
  if (!fold) {
    fold = el("details", { id: "legend", class: "card legend" }, el("summary", { text: "Legend: what the board's symbols mean" }), el("ul"));
    board.after(fold);
  }
  fold.hidden = !legend || !legend.length;
  if (fold.hidden || legendShown === legend) return;
  const list = fold.querySelector("ul");
  clear(list);
  for (const entry of legend) {
    const symbol = el("span", { class: "symbol" });
    symbol.innerHTML = entry.symbol;
    list.append(el("li", {}, symbol, el("span", { class: "meaning", text: entry.meaning })));
  }
  legendShown = legend;
}
