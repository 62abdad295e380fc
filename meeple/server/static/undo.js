// Undo shows whether it is available now and, when not, the one reason: the
// snapshot's `undo` ({available, reason}, meeple/engine/undo.py). The button is
// disabled with the reason as its title; a short line under it says the reason
// when the player points at or taps the button, and always on a touch screen.
const $ = (id) => document.getElementById(id);

function parts() {
  let note = $("undonote");
  if (!note) {
    const button = $("undo");
    const wrap = document.createElement("span");
    wrap.className = "undo-wrap";
    button.replaceWith(wrap);
    wrap.append(button);
    note = document.createElement("p");
    note.id = "undonote";
    note.className = "undo-note muted";
    note.setAttribute("role", "status");
    $("freeform").after(note);
    // A disabled button gets no pointer events: its wrapper shows why.
    const show = (on) => note.classList.toggle("shown", on && $("undo").disabled);
    wrap.addEventListener("mouseenter", () => show(true));
    wrap.addEventListener("mouseleave", () => show(false));
    wrap.addEventListener("click", () => show(true));
  }
  return { button: $("undo"), note };
}

export function drawUndo(snap) {
  const { button, note } = parts();
  const undo = snap.seat === null || snap.over ? null : snap.undo;  // (hidden then)
  const available = Boolean(undo && undo.available);
  button.disabled = !available;
  button.title = available ? "take back your last decision" : (undo && undo.reason) || "";
  note.textContent = available || !undo ? "" : `You cannot undo now. ${undo.reason}`;
  if (available) note.classList.remove("shown");
}
