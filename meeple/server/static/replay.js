// Step through a finished game, move by move, from the spectator's view.
import { api, clear, el } from "/static/common.js";

const $ = (id) => document.getElementById(id);
const tableId = location.pathname.split("/")[2];
let ply = Number(new URLSearchParams(location.hash.slice(1)).get("ply") || 0);
let total = 0;

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
    const log = $("log");
    clear(log);
    for (const e of step.events) log.append(el("div", { text: e.text }));
    $("result").hidden = !step.result;
    if (step.result) drawResult(step);
    $("error").textContent = "";
  } catch (error) {
    $("error").textContent = error.message;
  }
}

function drawResult(step) {
  const result = step.result;
  const box = $("scores");
  clear(box);
  const keys = [...new Set(result.breakdown.flatMap((b) => Object.keys(b)))];
  const table = el("table", {}, el("tr", {}, el("th", { text: "rank" }), el("th", { text: "seat" }), el("th", { text: "score" }), ...keys.map((k) => el("th", { text: k.replaceAll("_", " ") }))));
  const order = result.scores.map((_, i) => i).sort((a, b) => result.ranks[a] - result.ranks[b]);
  for (const i of order) {
    table.append(el("tr", {}, el("td", { text: result.ranks[i] }), el("td", { text: step.seat_names[i] }), el("td", { text: result.scores[i] }), ...keys.map((k) => el("td", { text: result.breakdown[i][k] ?? "" }))));
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
show(ply);
