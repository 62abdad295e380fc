// People stay people: who plays a seat, from the snapshot's seat entries
// (meeple/server/people.py): `player` (the person, kept while a bot plays the seat),
// `bot_since` (the game's words for when the bot took over), `played_by` (all of it
// in words) and `handover_at` (when another player may hand an absent seat to a bot).
import { el } from "/static/common.js";

// "Red (Ann)" for a person's seat, even while a bot plays it; else the seat's name.
export function seatLabel(s) {
  return s.player ? `${s.name} (${s.player})` : s.name;
}

// Who plays the seat, for its row and the results: "Ann, played by the medium bot
// since Round 4", "the hard bot", "a person, not named yet", "free seat".
export function playedBy(s) {
  if (s.played_by) return s.played_by;
  if (s.kind !== "human") return `the ${s.kind} bot`;
  return s.player || (s.claimed ? "a person, not named yet" : "free seat");
}

// Under a person's name in the results, where a bot finished the game for them.
export function botNote(s) {
  if (!s || !s.bot_since) return null;
  return el("div", { class: "muted played", text: `played by the ${s.kind} bot since ${s.bot_since}` });
}

// "1:37"
function minutes(seconds) {
  const left = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
}

// The "hand to a bot" button of an absent person's seat: disabled with a countdown
// until the server allows it (`offset`: server time minus this page's, seconds).
export function handoverButton(s, offset, onclick) {
  const at = typeof s.handover_at === "number" ? s.handover_at - offset : 0;
  const button = el("button", { type: "button", class: "handover", "data-handover-at": String(at), onclick });
  showCountdown(button);
  return button;
}

function showCountdown(button) {
  const left = Number(button.dataset.handoverAt) - Date.now() / 1000;
  button.disabled = left > 0;
  button.textContent = left > 0 ? `hand to a bot in ${minutes(left)}` : "hand to a bot";
  button.title = left > 0
    ? "Another player may hand this seat to a bot once it has been away for a while."
    : "Let a bot play this absent player's seat; they can take it back.";
}

setInterval(() => { for (const b of document.querySelectorAll("button[data-handover-at]")) showCountdown(b); }, 500);
