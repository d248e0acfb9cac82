// How fast the table shows what happens: the pauses between other players' moves, a game's own waits (a finished
// trick) and its slides, all scaled by the player's pace setting. Nothing waits when the pace is "instant", when the
// tab is hidden (nobody watches: the page catches up at once) or once the player hurries the queue along.
import { PACES, setting } from "./settings.js";

export const PACE_MS = 700;   // between two other players' moves at the "normal" pace

export class Pace {
  /** fixed: a factor that ignores the setting (0 in the replay viewer, whose moves are views, not notifications). */
  constructor(fixed = null) {
    this.fixed = fixed;
    this.hurried = false;
    this.pending = new Set();   // what ends the waits under way, at once
    this.onHidden = () => { if (document.hidden) this.cut(); };
    document.addEventListener("visibilitychange", this.onHidden);
  }

  factor() {
    if (this.hurried || document.hidden) return 0;
    return this.fixed ?? PACES[setting("pace")][1];
  }

  /** BGA's bgaAnimationsActive(). */
  active() {
    return this.factor() > 0;
  }

  /** A game's wait(ms), scaled by the pace. */
  wait(ms) {
    return this.pause(ms * this.factor());
  }

  /** ms as they are, ended early by cut(). */
  pause(ms) {
    if (!(ms > 0) || !this.active()) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.pending.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.pending.add(done);
    });
  }

  /** Every wait and slide under way ends now. */
  cut() {
    for (const done of [...this.pending]) done();
  }

  /** The rest of this batch plays without pauses (the player wants to act); calm() when its view is shown. */
  hurry() {
    this.hurried = true;
    this.cut();
  }

  calm() {
    this.hurried = false;
  }

  /** BGA-like bgaSlideFrom(element, fromElement, ms): element glides from fromElement's place to its own. */
  slideFrom(element, from, ms = 400) {
    const duration = ms * this.factor();
    if (!(duration > 0) || !element || !from || !element.animate || matchMedia("(prefers-reduced-motion: reduce)").matches) {
      return Promise.resolve();
    }
    const a = from.getBoundingClientRect();
    const b = element.getBoundingClientRect();
    const dx = a.left + a.width / 2 - b.left - b.width / 2;
    const dy = a.top + a.height / 2 - b.top - b.height / 2;
    const slide = element.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
      { duration, easing: "ease-out" });
    const done = () => slide.finish();
    this.pending.add(done);
    return slide.finished.catch(() => {}).finally(() => this.pending.delete(done));
  }

  stop() {
    this.cut();
    document.removeEventListener("visibilitychange", this.onHidden);
  }
}
