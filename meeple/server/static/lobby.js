// The lobby: create a table, take a free seat, find one's own tables again.
// The games come from the server (GET /api/games) with what each says of itself:
// a description, its player counts, options (with the counts each applies to) and
// its bots, weakest first; "My tables" asks the server (POST /api/turns) at which
// held seats a decision waits for their person.
import { api, clear, el, forget, myTables, remember } from "/static/common.js";

const TURN_SEATS = 50;      // seats one /api/turns request may ask about (the server's cap)
const REFRESH_MS = 20000;   // "My tables" is asked again this often while the page is shown

const $ = (id) => document.getElementById(id);
let games = [];

function defaultBot(bots) {
  for (const name of ["medium", "heuristic", "easy", "random"]) if (bots.includes(name)) return name;
  return bots[0];
}

function gameTitle(name) { return (games.find((g) => g.name === name) || { title: name }).title; }

// A game as the picker names it: the example plugin game says it is one.
function pickerTitle(game) { return game.example ? `${game.title} (example game)` : game.title; }

function playersText(game) {
  const count = game.min_players === game.max_players ? `${game.min_players}` : `${game.min_players}-${game.max_players}`;
  return `${count} players`;
}

function minutesText(minutes) {
  if (!minutes) return "";
  const [low, high] = minutes;
  const words = (m) => (m >= 120 && m % 60 === 0 ? `${m / 60} hours` : `${m} minutes`);
  if (low === high) return `about ${words(low)}`;
  if (low >= 120 && low % 60 === 0 && high % 60 === 0) return `${low / 60}-${high / 60} hours`;
  return `${low}-${high} minutes`;
}

// What the chosen game is: players, length, a paragraph in our words, "how to play".
function drawGameInfo() {
  const game = currentGame();
  const box = $("gameinfo");
  clear(box);
  const facts = [playersText(game), minutesText(game.minutes)].filter(Boolean).join(" · ");
  const parts = [
    el("p", { class: "facts" }, el("strong", { text: pickerTitle(game) }), ` · ${facts}`),
    game.summary && el("p", { class: "summary", text: game.summary }),
    game.example && el("p", { class: "muted", text: "The worked example of a game plugin (docs/adding-a-game.md), installed by the developer setup." }),
    el("p", {}, el("a", { href: game.help, id: "howtoplay", target: "_blank", rel: "noopener", text: `How to play ${game.title}` })),
  ];
  box.append(...parts.filter(Boolean));
}

// The bot levels, weakest first, each with its line; the experiments' levels apart.
function drawLevels() {
  const game = currentGame();
  const box = $("levels");
  clear(box);
  const people = game.levels.filter((l) => !l.experiment);
  const experiments = game.levels.filter((l) => l.experiment);
  box.append(el("p", { class: "muted", text: "Bot levels, weakest first:" }),
    el("ol", { class: "levels" }, ...people.map((l) => el("li", { "data-level": l.name }, el("strong", { text: l.name }), `: ${l.summary}`))));
  if (experiments.length) {
    box.append(el("p", { class: "muted" }, "Also, for experiments: ",
      ...experiments.flatMap((l, i) => [i ? "; " : "", el("strong", { text: l.name }), ` (${l.summary.replace(/^for experiments: /, "")})`])));
  }
}

function currentGame() { return games.find((g) => g.name === $("game").value); }

function drawPlayers() {
  const game = currentGame();
  const select = $("players");
  const keep = Number(select.value);
  clear(select);
  for (let n = game.min_players; n <= game.max_players; n++) select.append(el("option", { value: n, text: n }));
  select.value = keep >= game.min_players && keep <= game.max_players ? keep : game.min_players;
  drawGameInfo();
  drawSeats();
  drawLevels();
  drawOptions();
}

function drawSeats() {
  const game = currentGame();
  const n = Number($("players").value);
  const names = game.seat_names[String(n)] || [];
  const box = $("seats");
  clear(box);
  for (let i = 0; i < n; i++) {
    const select = el("select", { id: `seat${i}`, "data-seat": i });
    select.append(el("option", { value: "human", text: i === 0 ? "you" : "a person (free seat)" }));
    // Bots weakest first, as the server orders them; the experiments' in a group.
    const people = el("optgroup", { label: "bots, weakest first" });
    const experiments = el("optgroup", { label: "bots for experiments" });
    for (const level of game.levels) {
      (level.experiment ? experiments : people).append(el("option", { value: level.name, text: `bot: ${level.name}`, title: level.summary }));
    }
    select.append(people);
    if (experiments.children.length) select.append(experiments);
    select.value = i === 0 ? "human" : defaultBot(game.bots);
    box.append(el("p", {}, el("label", {}, `Seat ${i + 1} (${names[i] || i}) `, select)));
  }
}

function drawOptions() {
  const game = currentGame();
  const box = $("options");
  clear(box);
  // Hints (the search's best choices on request): every person joining accepts them.
  box.append(el("p", {}, el("label", {}, "hints allowed ", el("input", { id: "hints", type: "checkbox" })),
    el("span", { class: "muted", text: " every seat may ask for the search's three best choices (always allowed for a person playing only against bots); the hints used are shown in the result" })));
  // Only the options that apply at the chosen player count (the server refuses the others).
  const players = Number($("players").value);
  for (const option of game.options) {
    if (!option.players || option.players.includes(players)) box.append(optionRow(option, players));
  }
}

// One option as a person reads it: its label, a picker for its choices (one per
// seat for a per-seat option), its description.
function optionRow(option, players) {
  const id = `opt-${option.name}`;
  let input;
  if (option.per_seat.length) {
    input = el("span", { id, class: "perseat", "data-option": option.name, "data-kind": "perseat" });
    for (let i = 0; i < players; i++) {
      const pick = el("select", { "data-pick": i, "aria-label": `${option.label}: seat ${i + 1}` });
      pick.append(el("option", { value: "", text: `seat ${i + 1}: as the rules set up` }));
      for (const c of option.per_seat) pick.append(el("option", { value: c, text: `seat ${i + 1}: ${c.replace(/\b\w/g, (a) => a.toUpperCase())}` }));
      input.append(pick);
    }
  } else if (option.choices.length) {
    input = el("select", { id });
    for (const c of option.choices) input.append(el("option", { value: String(c), text: String(c) }));
    input.value = String(option.default);
  } else if (typeof option.default === "boolean") {
    input = el("input", { id, type: "checkbox", checked: option.default });
  } else if (typeof option.default === "number") {
    input = el("input", { id, type: "number", value: option.default, min: option.low, max: option.high });
  } else {
    input = el("input", { id, value: option.default, maxlength: 200 });
  }
  if (!option.per_seat.length) {
    input.dataset.option = option.name;
    input.dataset.kind = typeof option.default;
  }
  return el("div", { class: "option" }, el("label", { for: id }, option.label), " ", input,
    el("div", { class: "muted", text: option.description }));
}

function readOptions() {
  const out = {};
  for (const input of $("options").querySelectorAll("[data-option]")) {
    const kind = input.dataset.kind;
    if (kind === "perseat") {
      // Nothing picked: the rules' default; else every seat's pick, in seat order.
      const picks = [...input.querySelectorAll("select")].map((p) => p.value);
      out[input.dataset.option] = picks.every((p) => p === "") ? "" : picks.join(",");
      continue;
    }
    let value = input.type === "checkbox" ? input.checked : input.value;
    if (kind === "number") value = Number(value);
    if (kind === "boolean" && typeof value !== "boolean") value = value === "true";
    out[input.dataset.option] = value;
  }
  return out;
}

async function create(event) {
  event.preventDefault();
  $("createerror").textContent = "";
  const game = currentGame();
  const n = Number($("players").value);
  const myName = $("myname").value.trim() || "Player";
  const seats = [];
  let mine = null;
  for (let i = 0; i < n; i++) {
    const kind = $(`seat${i}`).value;
    if (kind === "human" && mine === null) { mine = i; seats.push({ kind, name: myName }); }
    else seats.push({ kind });
  }
  const body = { game: game.name, players: n, seats, options: readOptions(), hints: $("hints").checked };
  const seed = $("seed").value.trim();
  if (seed !== "") body.seed = Number(seed);
  if ($("analysis").checked) body.analysis = true; // the seed open to all (see the form's note)
  try {
    const made = await api("POST", "/api/tables", body);
    const links = $("links");
    clear(links);
    if (mine === null) {
      location.href = `/t/${made.id}`;
      return;
    }
    remember(made.id, { token: made.tokens[String(mine)], seat: mine, game: game.name, title: game.title });
    const others = Object.keys(made.tokens).filter((s) => Number(s) !== mine);
    if (!others.length) {
      location.href = `/t/${made.id}#token=${made.tokens[String(mine)]}`;
      return;
    }
    links.append(el("p", { text: "Send these links to the other players (or they take a free seat in the lobby):" }));
    for (const s of others) {
      const url = `${location.origin}/t/${made.id}#token=${made.tokens[s]}`;
      links.append(el("p", {}, `Seat ${Number(s) + 1}: `, el("input", { value: url, size: 70, readonly: true, class: "seatlink" })));
    }
    links.append(el("p", {}, el("a", { href: `/t/${made.id}#token=${made.tokens[String(mine)]}`, id: "gotable" }, "Go to my table")));
  } catch (error) {
    $("createerror").textContent = error.message;
  }
}

async function take(table, seat) {
  const name = ($("myname").value || "").trim() || "Player";
  const body = { name };
  if (table.analysis) {
    // An analysis table's seat is taken only agreeing that its seed is open to all.
    const question = `This is an analysis table: its seed (${table.seed}) is shown to every seat, so anyone can foresee its dice and draws. Take seat ${seat + 1} and play so?`;
    if (!confirm(question)) return;
    body.agree_open_seed = true;
  }
  try {
    const claimed = await api("POST", `/api/tables/${table.id}/seats/${seat}/claim`, body);
    remember(table.id, { token: claimed.token, seat, game: table.game, title: gameTitle(table.game) });
    location.href = `/t/${table.id}#token=${claimed.token}`;
  } catch (error) {
    alert(error.message);
  }
}

async function drawLists() {
  const playing = await api("GET", "/api/tables?status=playing");
  const open = $("open");
  clear(open);
  open.classList.remove("muted");
  const rows = playing.slice(0, 50).map((t) => el("div", { class: "seat" },
    el("span", { text: `${gameTitle(t.game)} · ${t.players} players${t.analysis ? ` · analysis table, seed ${t.seed} open to all` : ""}` }),
    el("a", { href: `/t/${t.id}`, text: "watch" }),
    ...t.seats.filter((s) => s.free).map((s) => el("button", { onclick: () => take(t, s.seat), text: `take seat ${s.seat + 1}`, class: "take", "data-table": t.id })),
    el("span", { class: "status", text: t.seats.map((s) => (s.free ? "free" : s.played_by || s.player || s.kind)).join(", ") })));
  if (rows.length) open.append(...rows); else open.append(el("span", { class: "muted", text: "no tables yet" }));

  const over = await api("GET", "/api/tables?status=over");
  const finished = $("finished");
  clear(finished);
  const done = over.slice(0, 30).map((t) => el("div", {}, el("a", { href: `/t/${t.id}/replay`, text: `${gameTitle(t.game)} ${t.id}: replay` })));
  if (done.length) finished.append(...done); else finished.append(el("span", { class: "muted", text: "none yet" }));
}

// "My tables": the seats this browser holds, most recent first, each with what the
// server says of it (a decision waits for you, others decide, a bot plays it, over).
// Tables whose seat is your turn come first.
async function drawMine() {
  const box = $("mylist");
  const mine = myTables();
  const ids = Object.keys(mine).sort((a, b) => (mine[b].saved || 0) - (mine[a].saved || 0));
  if (!ids.length) return;
  const asked = ids.slice(0, TURN_SEATS);
  let answers = [];
  try {
    answers = await api("POST", "/api/turns", { seats: asked.map((id) => ({ table: id, token: mine[id].token || "" })) });
  } catch (error) {
    answers = asked.map((id) => ({ table: id, error: error.message }));
  }
  const rows = [];
  answers.forEach((answer, i) => {
    const id = asked[i];
    if (answer.forget) { forget(id); return; }
    rows.push(mineRow(id, mine[id], answer));
  });
  for (const id of ids.slice(TURN_SEATS)) rows.push(mineRow(id, mine[id], { error: "not asked: only your 50 most recent tables are" }));
  rows.sort((a, b) => Number(b.dataset.turn === "yes") - Number(a.dataset.turn === "yes"));
  clear(box);
  box.classList.toggle("muted", !rows.length);
  if (rows.length) box.append(...rows); else box.append("none yet");
}

function turnWords(answer) {
  if (answer.error) return answer.error;
  if (answer.over) return "finished";
  if (!answer.person) return `the ${answer.bot} bot plays your seat`;
  return answer.your_turn ? "your turn" : "waiting for others";
}

function mineRow(id, entry, answer) {
  const title = entry.title || gameTitle(entry.game || answer.game);
  const row = el("div", { class: "seat", "data-table": id, "data-turn": answer.your_turn ? "yes" : "no" },
    el("a", { href: `/t/${id}#token=${entry.token}`, text: `${title} ${id}` }),
    el("span", { class: answer.your_turn ? "status yourturn" : "status", text: turnWords(answer) }));
  if (answer.over) row.append(el("a", { href: `/t/${id}/replay`, text: "replay" }));
  return row;
}

async function main() {
  games = await api("GET", "/api/games");
  // The server lists the example game last: it is marked, after the games people play.
  for (const g of games) $("game").append(el("option", { value: g.name, text: pickerTitle(g) }));
  $("game").onchange = drawPlayers;
  $("players").onchange = () => { drawSeats(); drawOptions(); };
  $("createform").onsubmit = create;
  drawPlayers();
  await Promise.all([drawLists(), drawMine()]);
  setInterval(() => { if (!document.hidden) drawMine(); }, REFRESH_MS);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) drawMine(); });
}

main();
