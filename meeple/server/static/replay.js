// Step through a finished game, move by move, from the spectator's view; and its
// review: every seat's win-chance curve, the marked decisions on it (click one to
// jump to that move), and at each move the alternatives the search preferred.
import { api, clear, el, offerZoom } from "/static/common.js";

const $ = (id) => document.getElementById(id);
const tableId = location.pathname.split("/")[2];
let ply = Number(new URLSearchParams(location.hash.slice(1)).get("ply") || 0);
let total = 0;
let review = null;         // the finished review's analysis, once there is one
let seatNames = [];
let hintsUsed = null;      // hints each seat used, if any
const SVG_NS = "http://www.w3.org/2000/svg";
const PALETTE = ["#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"];
const NAMED = { red: "#d62728", blue: "#1f77b4", green: "#2ca02c", orange: "#ff7f0e", yellow: "#d4b000",
  purple: "#9467bd", black: "#333333", white: "#aaaaaa", brown: "#8c564b", pink: "#e377c2" };
const GRADE_SIZE = { inaccuracy: 4, mistake: 5.5, blunder: 7 };

async function show(n) {
  try {
    const step = await api("GET", `/api/tables/${tableId}/replay/${n}`);
    ply = step.ply;
    total = step.total;
    history.replaceState(null, "", `#ply=${ply}`);
    $("title").textContent = `${step.title} · table ${tableId} · replay`;
    $("where").textContent = `move ${ply} of ${total}`;
    $("slider").max = total;
    $("slider").value = ply;
    $("move").textContent = step.move ? `${step.move.name}: ${step.move.action}` : "Setup";
    $("board").innerHTML = step.svg || "";  // the game's renderer escapes its text
    offerZoom($("board"));  // New World's map: enlarged on a phone or a tablet, if asked
    const log = $("log");
    clear(log);
    for (const e of step.events) log.append(el("div", { text: e.text }));
    $("result").hidden = !step.result;
    if (step.result) drawResult(step);
    seatNames = step.seat_names;
    drawReview();
    $("error").textContent = "";
  } catch (error) {
    $("error").textContent = error.message;
  }
}

// ---- the review ------------------------------------------------------------------

function seatColour(i) {
  const name = (seatNames[i] || "").toLowerCase();
  return NAMED[name] || PALETTE[i % PALETTE.length];
}

function percent(chance) { return chance === null || chance === undefined ? "?" : `${Math.round(chance * 100)}%`; }

function svg(tag, attrs = {}, text) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

async function loadReview(start) {
  try {
    const answer = await api(start ? "POST" : "GET", `/api/tables/${tableId}/review`);
    showReviewStatus(answer);
    if (answer.status === "queued" || answer.status === "running") setTimeout(() => loadReview(false), 1000);
  } catch (error) {
    $("reviewerror").textContent = error.message;
  }
}

function showReviewStatus(answer) {
  const status = $("reviewstatus");
  $("startreview").hidden = answer.status !== "none";
  $("progress").hidden = !(answer.status === "queued" || answer.status === "running");
  $("progress").max = Math.max(1, answer.total);
  $("progress").value = answer.done;
  if (answer.status === "none") status.textContent = "This game has not been reviewed yet. Anyone may start its review; it is computed once and kept.";
  else if (answer.status === "queued") status.textContent = "The review waits for its turn on the server…";
  else if (answer.status === "running") status.textContent = `Reviewing: ${answer.done} of ${answer.total} decisions judged…`;
  else if (answer.status === "failed") status.textContent = answer.error || "The review failed.";
  else {
    review = answer.review;
    status.textContent = `Each decision judged by the search from what its seat knew then (${review.iterations} iterations per decision). Win chances after each decision; points mark the costly ones.`;
    drawReview();
  }
}

function drawReview() {
  if (!review) return;
  drawCurve();
  drawVerdict();
  drawMarks();
}

function drawCurve() {
  const W = 600, H = 220, left = 34, right = 8, top = 8, bottom = 22;
  const moves = Math.max(1, review.moves);
  const x = (move) => left + (move / moves) * (W - left - right);
  const y = (chance) => top + (1 - chance) * (H - top - bottom);
  const box = $("curve");
  clear(box);
  const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": "win chance per seat" });
  for (const level of [0, 0.25, 0.5, 0.75, 1]) {
    chart.append(svg("line", { class: level === 0 ? "axis" : "grid", x1: left, x2: W - right, y1: y(level), y2: y(level) }));
    chart.append(svg("text", { x: left - 4, y: y(level) + 4, "text-anchor": "end", "font-size": 10 }, `${level * 100}%`));
  }
  chart.append(svg("text", { x: W - right, y: H - 6, "text-anchor": "end", "font-size": 10 }, `move ${moves}`));
  const judged = review.decisions.filter((d) => d.after);
  for (let seat = 0; seat < review.players; seat++) {
    const points = judged.map((d) => `${x(d.move).toFixed(1)},${y(d.after[seat]).toFixed(1)}`).join(" ");
    chart.append(svg("polyline", { class: "seatline", "data-seat": seat, points, fill: "none", stroke: seatColour(seat), "stroke-width": 1.6 }));
  }
  chart.append(svg("line", { class: "now", x1: x(ply), x2: x(ply), y1: top, y2: H - bottom }));
  for (const d of judged.filter((d) => d.grade)) {
    const mark = svg("circle", { class: `mark ${d.grade}`, "data-move": d.move, cx: x(d.move), cy: y(d.after[d.seat]), r: GRADE_SIZE[d.grade], stroke: seatColour(d.seat) });
    mark.append(svg("title", {}, `move ${d.move}, ${review.seat_names[d.seat]}: ${d.action} (${d.grade})`));
    mark.addEventListener("click", () => show(d.move));
    chart.append(mark);
  }
  box.append(chart);
  const legend = $("legend");
  clear(legend);
  review.seat_names.forEach((name, seat) => legend.append(el("span", {}, el("i", { style: `background: ${seatColour(seat)}` }), name)));
  legend.append(el("span", { class: "muted", text: "points: inaccuracy, mistake, blunder (small to large)" }));
}

function better(d) {
  const ranked = d.choices.map((c) => c.action);
  const at = ranked.indexOf(d.action);
  return (at < 0 ? d.choices : d.choices.slice(0, at)).slice(0, 3);
}

function drawVerdict() {
  const box = $("verdict");
  clear(box);
  const d = review.decisions.find((one) => one.move === ply);
  if (!d) return;
  const who = review.seat_names[d.seat];
  box.append(el("p", {}, el("b", { text: `${who}: ${d.action}` }), d.grade ? el("span", { class: `grade ${d.grade}`, text: ` · ${d.grade}` }) : ""));
  if (d.forced) { box.append(el("p", { class: "muted", text: "The only legal action: not judged." })); return; }
  box.append(el("p", { text: `${who}'s win chance: ${percent(d.before[d.seat])} with the search's choice, ${percent(d.after[d.seat])} after the move played (loss ${Math.round(d.loss * 100)} points, ± ${Math.round(d.error * 100)}).` }));
  const preferred = better(d);
  if (!preferred.length) { box.append(el("p", { class: "muted", text: "The search preferred this move too." })); return; }
  const list = el("ol", { class: "preferred" });
  for (const c of preferred) list.append(el("li", { text: `${c.action} (${who}: ${percent(c.win ? c.win[d.seat] : null)})` }));
  box.append(el("p", { text: "The search preferred:" }), list);
}

function drawMarks() {
  const marked = review.decisions.filter((d) => d.grade);
  $("markscard").hidden = !marked.length;
  const box = $("marks");
  clear(box);
  for (const d of marked) {
    box.append(el("button", { "data-move": d.move, onclick: () => show(d.move), text: `move ${d.move} · ${review.seat_names[d.seat]}: ${d.action} (${d.grade})` }));
  }
}

async function loadHints() {
  try {
    const info = await api("GET", `/api/tables/${tableId}/hints`);
    if (info.used.some((n) => n > 0)) hintsUsed = info.used;
  } catch { hintsUsed = null; }
}

function drawResult(step) {
  const result = step.result;
  const box = $("scores");
  clear(box);
  const keys = [...new Set(result.breakdown.flatMap((b) => Object.keys(b)))];
  const hints = hintsUsed ? [el("th", { text: "hints used" })] : [];
  const table = el("table", {}, el("tr", {}, el("th", { text: "rank" }), el("th", { text: "seat" }), el("th", { text: "score" }), ...keys.map((k) => el("th", { text: k.replaceAll("_", " ") })), ...hints));
  const order = result.scores.map((_, i) => i).sort((a, b) => result.ranks[a] - result.ranks[b]);
  for (const i of order) {
    const used = hintsUsed ? [el("td", { class: "hintsused", text: hintsUsed[i] })] : [];
    table.append(el("tr", {}, el("td", { text: result.ranks[i] }), el("td", { text: step.seat_names[i] }), el("td", { text: result.scores[i] }), ...keys.map((k) => el("td", { text: result.breakdown[i][k] ?? "" })), ...used));
  }
  box.append(table);
}

$("first").onclick = () => show(0);
$("prev").onclick = () => show(Math.max(0, ply - 1));
$("next").onclick = () => show(Math.min(total, ply + 1));
$("last").onclick = () => show(total);
$("slider").onchange = () => show(Number($("slider").value));
document.addEventListener("keydown", (event) => {
  if (event.key === "ArrowRight") show(Math.min(total, ply + 1));
  if (event.key === "ArrowLeft") show(Math.max(0, ply - 1));
});
$("startreview").onclick = () => loadReview(true);
loadHints().then(() => show(ply));
loadReview(false);

// For programs driving the page (browser tests): the review once loaded, and show.
window.meepleReplay = { get review() { return review; }, get ply() { return ply; }, show };
