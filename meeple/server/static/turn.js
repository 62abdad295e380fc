// "Your turn", unmistakable: while a decision waits for this page's seat (a person
// plays it, the game is not over and the seat has legal actions) the tab's title
// starts with a marker and the favicon is the "your turn" one; both go back once the
// decision is made. When a decision starts waiting, a short chime (synthesised with
// the Web Audio API; a toggle, remembered) and, while the page is hidden, a browser
// notification (permission asked once, from a control on the page; a refusal is
// remembered and never asked again).
//
// table.js calls turnSignal(state) after drawing every state.
import { el } from "/static/common.js";

export const TURN_MARK = "● Your turn · ";
const ICON = "/static/favicon.svg";
const TURN_ICON = "/static/favicon-turn.svg";
const SOUND_KEY = "meeple.turn.sound";    // "on" (the default) or "off"
const NOTIFY_KEY = "meeple.turn.notify";  // "on", "off" (granted, turned off) or "refused"
// A decision must still wait this long before it chimes or notifies: a step the page
// plays for the player at once (a forced step) must not call anyone.
const SETTLE_MS = 600;

let waiting = false;
let seen = false;          // a state was signalled already (the first one never chimes)
let settle = null;         // the timer of the chime/notification of the waiting decision
let audio = null;          // the AudioContext, made at the first gesture on the page
let controls = null;
// What the page did, for tests and for a curious reader of window.meepleTurn.
export const turnLog = { chimes: 0, notifications: 0 };
window.meepleTurn = turnLog;

// Does a decision wait for this page's seat's person in `snap`?
export function decisionWaits(snap) {
  if (!snap || snap.over || snap.seat === null || snap.seat === undefined) return false;
  const seat = (snap.seats || [])[snap.seat];
  return Boolean(seat && seat.kind === "human" && (snap.legal || []).length);
}

export function turnSignal(snap) {
  drawControls(snap);
  const now = decisionWaits(snap);
  showTitle(now);
  showIcon(now);
  if (now && !waiting && seen) callPlayer(snap);
  if (!now && settle !== null) { clearTimeout(settle); settle = null; }
  waiting = now;
  seen = true;
}

// ---- title and favicon --------------------------------------------------------------

function showTitle(now) {
  const base = document.title.startsWith(TURN_MARK) ? document.title.slice(TURN_MARK.length) : document.title;
  document.title = now ? TURN_MARK + base : base;
}

function showIcon(now) {
  const href = now ? TURN_ICON : ICON;
  const old = document.querySelector("link[rel~='icon']");
  if (old && old.getAttribute("href") === href) return;
  // A new element, not a new href: browsers redraw the tab's icon for a new link.
  const link = el("link", { rel: "icon", type: "image/svg+xml", href });
  if (old) old.replaceWith(link); else document.head.append(link);
}

// ---- chime and notification ---------------------------------------------------------

function callPlayer(snap) {
  if (settle !== null) clearTimeout(settle);
  settle = setTimeout(() => {
    settle = null;
    if (!waiting) return;
    if (preference(SOUND_KEY, "on") === "on") chime();
    if (document.hidden && notifyOn()) notify(snap);
  }, SETTLE_MS);
}

function unlockAudio() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  if (!audio) audio = new Context();
  if (audio.state === "suspended") audio.resume();
}

// Two soft rising notes, a quarter of a second in all.
function chime() {
  unlockAudio();
  if (!audio) return;
  const start = audio.currentTime + 0.01;
  [[660, 0], [880, 0.12]].forEach(([pitch, offset]) => {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.type = "sine";
    tone.frequency.value = pitch;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.18, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.14);
    tone.connect(gain).connect(audio.destination);
    tone.start(start + offset);
    tone.stop(start + offset + 0.15);
  });
  turnLog.chimes += 1;
}

function notifyOn() {
  return "Notification" in window && Notification.permission === "granted" && preference(NOTIFY_KEY, "") === "on";
}

function notify(snap) {
  const seat = snap.seats[snap.seat];
  const note = new Notification(`Your turn: ${snap.title}`, {
    body: `${seat ? seat.name : "Your seat"}: a decision waits for you.`,
    tag: `meeple-turn-${snap.table}`,
    icon: TURN_ICON,
  });
  note.onclick = () => { window.focus(); note.close(); };
  turnLog.notifications += 1;
}

// ---- the controls: sound on/off, "notify me when it is my turn" ---------------------

function preference(key, fallback) {
  try { return localStorage.getItem(key) || fallback; } catch { return fallback; }
}

function setPreference(key, value) {
  try { localStorage.setItem(key, value); } catch { /* private mode: for this page only */ }
}

function drawControls(snap) {
  const seated = snap && snap.seat !== null && snap.seat !== undefined;
  if (!controls) {
    if (!seated) return;
    document.head.append(el("link", { rel: "stylesheet", href: "/static/turn.css" }));
    controls = el("span", { id: "turnprefs", class: "turnprefs" });
    const header = document.querySelector("header");
    const before = document.getElementById("conn");
    if (before && before.parentNode === header) header.insertBefore(controls, before);
    else (header || document.body).append(controls);
    for (const kind of ["pointerdown", "keydown"]) document.addEventListener(kind, unlockAudio, { once: true });
  }
  controls.hidden = !seated || snap.over;
  drawSoundToggle();
  drawNotifyControl();
}

function drawSoundToggle() {
  let button = document.getElementById("turnsound");
  if (!button) {
    button = el("button", { type: "button", id: "turnsound", onclick: () => {
      const on = preference(SOUND_KEY, "on") === "on";
      setPreference(SOUND_KEY, on ? "off" : "on");
      if (!on) chime();  // turned on: let the player hear what it sounds like
      drawSoundToggle();
    } });
    controls.append(button);
  }
  const on = preference(SOUND_KEY, "on") === "on";
  button.textContent = on ? "turn sound: on" : "turn sound: off";
  button.setAttribute("aria-pressed", String(on));
  button.title = "a short chime when a decision starts waiting for you";
}

function drawNotifyControl() {
  let button = document.getElementById("turnnotify");
  const supported = "Notification" in window;
  const refused = !supported || Notification.permission === "denied" || preference(NOTIFY_KEY, "") === "refused";
  if (refused) {
    if (button) button.remove();
    return;
  }
  if (!button) {
    button = el("button", { type: "button", id: "turnnotify", onclick: askOrToggle });
    controls.append(button);
  }
  const granted = Notification.permission === "granted";
  const on = granted && preference(NOTIFY_KEY, "") === "on";
  button.textContent = !granted ? "notify me when it is my turn" : on ? "notifications: on" : "notifications: off";
  button.setAttribute("aria-pressed", String(on));
  button.title = "a notification when a decision waits for you while this tab is hidden";
}

// The first click asks the browser (once); any answer but "granted" is a refusal,
// remembered: the control goes away and the page never asks again.
async function askOrToggle() {
  if (Notification.permission === "granted") {
    setPreference(NOTIFY_KEY, preference(NOTIFY_KEY, "") === "on" ? "off" : "on");
  } else {
    let answer = "denied";
    try { answer = await Notification.requestPermission(); } catch { answer = "denied"; }
    setPreference(NOTIFY_KEY, answer === "granted" ? "on" : "refused");
  }
  drawNotifyControl();
}
