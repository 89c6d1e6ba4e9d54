// The replay page: a finished game, position by position, from one seat's view or the table's.
// Every text from the server goes in with textContent; the table is drawn by scene.js.
"use strict";

const $ = (id) => document.getElementById(id);
const root = $("replay");
const TABLE = root.dataset.table;
const MOVES = Number(root.dataset.moves);
let at = 0;
let asked = 0;  // the newest request: older answers are dropped

function seatParam() {
  const seat = $("seat").value;
  return seat === "" ? "" : `&seat=${encodeURIComponent(seat)}`;
}

function names() {
  return Array.from($("seat").options).slice(1).map((o) => o.textContent.replace(/ \(seat \d+\)$/, ""));
}

async function show(version) {
  at = Math.max(0, Math.min(MOVES, version));
  $("move").value = String(at);
  $("slider").value = String(at);
  const ticket = ++asked;
  const base = `/api/tables/${encodeURIComponent(TABLE)}/replay`;
  try {
    const view = await fetch(`${base}?version=${at}${seatParam()}`).then((r) => r.json());
    if (ticket !== asked) return;
    if (view.error) { $("problem").textContent = view.error; return; }
    $("problem").textContent = "";
    root.dataset.version = String(view.version);
    const who = names();
    $("turn").textContent = view.turn
      ? `Move ${at} of ${MOVES}: ${who[view.turn.seat] || "seat " + view.turn.seat} (seat ${view.turn.seat}) decides next.`
      : `Move ${at} of ${MOVES}: the game is over.`;
    const list = $("log");
    list.replaceChildren();
    for (const entry of view.log) {
      const li = document.createElement("li");
      li.value = entry.index + 1;
      const b = document.createElement("b");
      b.textContent = who[entry.seat] || `seat ${entry.seat}`;
      const span = document.createElement("span");
      span.textContent = entry.text;
      if (entry.hidden) span.className = "hidden-move";
      li.append(b, " ", span);
      list.append(li);
    }
    if (list.lastChild) list.lastChild.classList.add("latest");
    list.scrollTop = list.scrollHeight;
    InkhornScene.draw($("board"), view.scene, { names: who, viewer: view.seat });
  } catch (e) {
    if (ticket === asked) $("problem").textContent = "The server cannot be reached.";
  }
}

$("first").addEventListener("click", () => show(0));
$("back").addEventListener("click", () => show(at - 1));
$("forward").addEventListener("click", () => show(at + 1));
$("last").addEventListener("click", () => show(MOVES));
$("move").addEventListener("change", () => show(Number($("move").value) || 0));
$("slider").addEventListener("input", () => show(Number($("slider").value)));
$("seat").addEventListener("change", () => show(at));
$("controls").addEventListener("submit", (event) => { event.preventDefault(); show(Number($("move").value) || 0); });
document.addEventListener("keydown", (event) => {
  if (event.target.tagName === "INPUT" || event.target.tagName === "SELECT") return;
  if (event.key === "ArrowLeft") show(at - 1);
  else if (event.key === "ArrowRight") show(at + 1);
  else if (event.key === "Home") show(0);
  else if (event.key === "End") show(MOVES);
  else return;
  event.preventDefault();
});
show(0);
