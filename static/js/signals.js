// "Your turn" signals: while it is the player's turn the tab's title starts with "▶ Your turn" and its icon carries a
// mark, so a player in another tab sees it; when the turn comes, a short vibration and, if asked for, a sound
// (settings.js). Browsers allow both only once the player has touched the page.
import { setting } from "./settings.js";

const MARK = "▶ Your turn · ";
const ICON = `data:image/svg+xml,${encodeURIComponent("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'>"
  + "<circle cx='8' cy='8' r='8' fill='#d4a20b'/><path d='M6 4v8l6-4z'/></svg>")}`;
let audio = null;

/** The tab's title (with the mark while myTurn) and icon. */
export function showTurn(title, myTurn) {
  document.title = (myTurn ? MARK : "") + title;
  const icon = document.querySelector("link[rel=icon]");
  if (icon) icon.href = myTurn ? ICON : "data:,";
}

/** The turn has just come to the player. */
export function announceTurn() {
  if (!(navigator.userActivation && navigator.userActivation.hasBeenActive)) return;
  if (setting("vibrate") && navigator.vibrate) navigator.vibrate(200);
  if (setting("sound") && window.AudioContext) {
    audio = audio || new AudioContext();
    const at = audio.currentTime;
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.frequency.value = 880;
    volume.gain.setValueAtTime(0.2, at);
    volume.gain.exponentialRampToValueAtTime(0.001, at + 0.4);
    tone.connect(volume).connect(audio.destination);
    tone.start(at);
    tone.stop(at + 0.4);
  }
}
